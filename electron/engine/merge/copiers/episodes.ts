/**
 * Episodes by uid. Each of the source's episodes gets a fate, in `temp.merge_episodes`:
 *   - `new`: the target lacks it; it comes in with everything played in it;
 *   - `same`: the same play in both (status, start, end, outcome and number of events agree): only
 *     what people added to it is brought together (a reviewer's mark, failure-tag reviews);
 *   - `replace`: the source's play stands over the target's (below), which is removed for it;
 *   - `kept`: the target's play stands, and the source's stays out.
 * Which play stands does not depend on the target: the further one (done, then error, then running,
 * then pending), then the one with more events, then the one that finished (or started) later, then
 * the one whose record sorts first. So a run's shards merge into the run (an episode done in one
 * file is pending, unplayed, in the others), and a play that was resumed elsewhere takes over.
 */
import type { Row } from '../../store/db';
import type { Copier, MergeContext, ReplaceGuard } from '../context';
import { copyRows } from '../rows';
import { sourceStands } from '../settle';

const RANK = `CASE %.status WHEN 'done' THEN 3 WHEN 'error' THEN 2 WHEN 'running' THEN 1 ELSE 0 END`;
const rank = (a: string) => RANK.replace('%', a);
const eventCount = (schema: string, a: string) => `(SELECT COUNT(*) FROM ${schema}.events v WHERE v.episode_id = ${a}.id)`;
const record = (a: string) => `json_array(${a}.status, ${a}.outcome, ${a}.started_at, ${a}.finished_at, ${a}.error_kind, ${a}.error, ${a}.seed)`;

/** The plays of the target that must stay: modules add guards (see copiers/index.ts). */
export function classifyEpisodes(guards: readonly ReplaceGuard[]): Copier {
  return {
    name: 'episodes',
    run(ctx) {
      const { db, src } = ctx;
      db.exec(`DROP TABLE IF EXISTS temp.merge_episodes; CREATE TABLE temp.merge_episodes (src INTEGER PRIMARY KEY, dst INTEGER, fate TEXT);`);
      db.prepare(`INSERT INTO temp.merge_episodes (src, dst, fate) SELECT s.id, t.id, CASE WHEN t.id IS NULL THEN 'new' END FROM ${src}.episodes s LEFT JOIN main.episodes t ON t.uid = s.uid`).run();
      copyRows(ctx, { table: 'episodes', refs: { run_id: 'runs', instance_id: 'instances' }, exists: 't.uid = s.uid' });
      db.prepare(`UPDATE temp.merge_episodes SET dst = (SELECT t.id FROM ${src}.episodes s JOIN main.episodes t ON t.uid = s.uid WHERE s.id = merge_episodes.src) WHERE fate = 'new'`).run();
      ctx.provideMap('episodes', `SELECT src, dst FROM temp.merge_episodes`);
      settlePlays(ctx, guards);
    },
  };
}

function settlePlays(ctx: MergeContext, guards: readonly ReplaceGuard[]): void {
  const { db, src } = ctx;
  // The same play: nothing of it is copied again.
  db.prepare(
    `UPDATE temp.merge_episodes SET fate = 'same' WHERE fate IS NULL AND src IN (
       SELECT s.id FROM ${src}.episodes s JOIN main.episodes t ON t.id = (SELECT dst FROM temp.merge_episodes m WHERE m.src = s.id)
       WHERE s.status = t.status AND s.outcome IS t.outcome AND s.started_at IS t.started_at AND s.finished_at IS t.finished_at
         AND ${eventCount(src, 's')} = ${eventCount('main', 't')})`,
  ).run();
  const open = db
    .prepare(
      `SELECT m.src, m.dst, t.uid, ${rank('s')} AS s_rank, ${rank('t')} AS t_rank, ${eventCount(src, 's')} AS s_events, ${eventCount('main', 't')} AS t_events,
              COALESCE(s.finished_at, s.started_at) AS s_time, COALESCE(t.finished_at, t.started_at) AS t_time, ${record('s')} AS s_record, ${record('t')} AS t_record,
              s.status AS s_status, t.status AS t_status
       FROM temp.merge_episodes m JOIN ${src}.episodes s ON s.id = m.src JOIN main.episodes t ON t.id = m.dst WHERE m.fate IS NULL ORDER BY m.src`,
    )
    .all() as Row[];
  const fate = db.prepare(`UPDATE temp.merge_episodes SET fate = ? WHERE src = ?`);
  for (const row of open) {
    const sKey = [Number(row.s_rank), Number(row.s_events), String(row.s_time ?? '')];
    const tKey = [Number(row.t_rank), Number(row.t_events), String(row.t_time ?? '')];
    const further = compare(sKey, tKey);
    let source = further === 0 ? sourceStands('smaller', null, null, String(row.s_record), String(row.t_record)) : further > 0;
    const played = (status: unknown, events: unknown) => status !== 'pending' || Number(events) > 0;
    const guard = source ? guards.map((g) => g(ctx, Number(row.dst))).find((reason) => reason !== null) : undefined;
    if (guard) source = false;
    fate.run(source ? 'replace' : 'kept', row.src);
    // An unplayed episode giving way is how shards come together, not a conflict.
    if (played(row.s_status, row.s_events) && played(row.t_status, row.t_events)) {
      ctx.conflict({
        table: 'episodes', key: String(row.uid), what: `played in both files (${String(row.t_status)} with ${Number(row.t_events)} events here, ${String(row.s_status)} with ${Number(row.s_events)} there)`,
        rule: guard ? `this database's play stands: ${guard}` : 'the further play stands (done, error, running, pending; then more events; then the later; then the record that sorts first)',
        kept: source ? 'source' : 'target',
      });
    }
  }
  replacePlays(ctx);
  settleMarks(ctx);
  const fates = db.prepare(`SELECT fate, COUNT(*) AS n FROM temp.merge_episodes GROUP BY fate`).all() as Row[];
  const n = (f: string) => Number(fates.find((r) => r.fate === f)?.n ?? 0);
  // Counted by copyRows as there already; a replaced play came in.
  ctx.count('episodes', n('replace'), -n('replace'));
}

function compare(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}

/** Removes the target's plays the source's replace (their rows go, the episode row takes the source's). */
function replacePlays(ctx: MergeContext): void {
  const { db, src } = ctx;
  const replaced = `(SELECT dst FROM temp.merge_episodes WHERE fate = 'replace')`;
  if (db.prepare(`SELECT COUNT(*) FROM temp.merge_episodes WHERE fate = 'replace'`).pluck().get() === 0) return;
  for (const table of ['scores', 'probes', 'failure_tags', 'failure_tagged', 'failure_tag_reviews', 'events', 'episode_seats']) {
    db.prepare(`DELETE FROM main.${table} WHERE episode_id IN ${replaced}`).run();
  }
  db.prepare(`DELETE FROM main.model_calls WHERE episode_id IN ${replaced}`).run();
  const columns = ctx.columns('episodes').filter((c) => !['id', 'uid', 'run_id', 'instance_id', 'repetition'].includes(c));
  db.prepare(
    `UPDATE main.episodes SET (${columns.join(', ')}) = (SELECT ${columns.map((c) => `s.${c}`).join(', ')} FROM ${src}.episodes s JOIN temp.merge_episodes m ON m.src = s.id WHERE m.dst = episodes.id)
     WHERE id IN ${replaced}`,
  ).run();
}

/**
 * A reviewer's mark on the same play (invalid, and why) made in one file: it stands in both. Two
 * different reasons: the one that sorts first.
 */
function settleMarks(ctx: MergeContext): void {
  const rows = ctx.db
    .prepare(
      `SELECT t.id, t.uid, s.invalid AS s_invalid, t.invalid AS t_invalid FROM temp.merge_episodes m JOIN ${ctx.src}.episodes s ON s.id = m.src JOIN main.episodes t ON t.id = m.dst
       WHERE m.fate = 'same' AND s.invalid IS NOT t.invalid`,
    )
    .all() as Row[];
  for (const row of rows) {
    const [s, t] = [row.s_invalid as string | null, row.t_invalid as string | null];
    const source = t === null || (s !== null && s < t);
    if (source) ctx.db.prepare(`UPDATE main.episodes SET invalid = ? WHERE id = ?`).run(s, row.id);
    ctx.conflict({
      table: 'episodes', key: String(row.uid), what: `marked invalid in ${t === null || s === null ? 'one file' : 'both files, for different reasons'}`,
      rule: 'a reviewer’s mark stands over none; of two reasons, the one that sorts first', kept: source ? 'source' : 'target',
    });
  }
}
