/**
 * What was played in the episodes that came in (fate `new` or `replace`, see episodes.ts): seats, model
 * calls, events, scores, probes, failure tags. Calls of no episode (a run's, a preflight's) come by uid,
 * and so do calls one file added to the same play.
 * On the same play in both files, what people and taggers added (failure tags, the episodes a tagger
 * read, people's reviews) is brought together, settled by the newer.
 */
import type { Copier, MergeContext } from '../context';
import { copyRows } from '../rows';
import { settle } from '../settle';

const FILLED = `(SELECT src FROM temp.merge_episodes WHERE fate IN ('new', 'replace'))`;
const SAME = `(SELECT src FROM temp.merge_episodes WHERE fate = 'same')`;

/**
 * Copies a table's rows of the filled episodes (the target has none of them). Those of the same play
 * are counted as there already, unless a `gathered` copier below brings them together (and counts them).
 */
function filled(name: string, table: string, refs: Record<string, string>, exists: string, options: { omit?: readonly string[]; gathered?: boolean } = {}): Copier {
  return {
    name,
    run(ctx) {
      copyRows(ctx, { table, refs: { episode_id: 'episodes', ...refs }, where: `s.episode_id IN ${FILLED}`, exists, ...(options.omit ? { omit: options.omit } : {}) });
      if (!options.gathered) ctx.count(table, 0, ctx.sourceCount(table, `s.episode_id IN ${SAME}`));
    },
  };
}

const calls: Copier = {
  name: 'model calls',
  run(ctx) {
    copyRows(ctx, {
      table: 'model_calls',
      refs: { run_id: 'runs', episode_id: 'episodes', model_config_id: 'model_configs', batch_id: 'provider_batches' },
      // The calls of a play that stays out stay out with it; on the same play, the calls one file added
      // (a tagger's, a hint's) come in, those of the play itself are there already (the same uids).
      where: `s.episode_id IS NULL OR s.episode_id IN ${FILLED} OR s.episode_id IN ${SAME}`,
      exists: 't.uid = s.uid',
    });
    ctx.provideMap('model_calls', `SELECT s.id, t.id FROM ${ctx.src}.model_calls s JOIN main.model_calls t ON t.uid = s.uid`);
    // One uid, two calls: each file tagged the same play once (the same episode, role and ordinal).
    const local = ['id', 'uid', 'run_id', 'episode_id', 'model_config_id', 'batch_id', 'started_at'];
    settle(ctx, {
      table: 'model_calls', pairs: `${ctx.src}.model_calls s JOIN main.model_calls t ON t.uid = s.uid AND (s.episode_id IS NULL OR s.episode_id IN ${SAME})`,
      label: 't.uid', columns: ctx.columns('model_calls').filter((c) => !local.includes(c)), rule: 'newer', time: (a) => `${a}.started_at`, timeName: 'started_at', timeColumns: ['started_at'], ident: 'rowid',
    });
  },
};

const events: Copier = {
  name: 'events',
  run(ctx) {
    filled('events', 'events', { call_id: 'model_calls' }, 't.uid = s.uid').run(ctx);
    ctx.provideMap('events', `SELECT s.id, t.id FROM ${ctx.src}.events s JOIN main.events t ON t.uid = s.uid`);
  },
};

/** On the same play: rows keyed by episode and more, missing ones copied, differing ones settled by the newer. */
function gathered(name: string, table: string, keys: readonly string[], columns: readonly string[], refs: Record<string, string> = {}): Copier {
  return {
    name,
    run(ctx: MergeContext) {
      const same = ['t.episode_id = m_episode_id.dst', ...keys.map((k) => `t.${k} IS s.${k}`)].join(' AND ');
      copyRows(ctx, { table, refs: { episode_id: 'episodes', ...refs }, where: `s.episode_id IN ${SAME}`, exists: same });
      settle(ctx, {
        table, pairs: `${ctx.src}.${table} s JOIN ${ctx.map('episodes')} m_episode_id ON m_episode_id.src = s.episode_id JOIN main.${table} t ON ${same}`,
        label: `(SELECT uid FROM main.episodes WHERE id = t.episode_id) || ' ' || ${keys.map((k) => `COALESCE(t.${k}, '')`).join(` || ' ' || `)}`,
        columns, rule: 'newer', time: (a) => `${a}.created_at`, timeName: 'created_at', timeColumns: ['created_at'], ident: 'rowid',
      });
    },
  };
}

export const playCopiers: readonly Copier[] = [
  filled('episode seats', 'episode_seats', { player_id: 'players' }, 't.episode_id = m_episode_id.dst AND t.seat = s.seat', { omit: [] }),
  calls,
  events,
  filled('scores', 'scores', {}, 't.episode_id = m_episode_id.dst AND t.seat = s.seat AND t.metric = s.metric', { omit: [] }),
  filled('probes', 'probes', { call_id: 'model_calls' }, 't.episode_id = m_episode_id.dst AND t.seat = s.seat AND t.round = s.round AND t.kind = s.kind'),
  filled('failure tags', 'failure_tags', { call_id: 'model_calls' }, 't.episode_id = m_episode_id.dst AND t.round = s.round AND t.mode = s.mode AND t.source = s.source', { gathered: true }),
  filled('episodes tagged', 'failure_tagged', {}, 't.episode_id = m_episode_id.dst AND t.source = s.source', { omit: [], gathered: true }),
  filled('failure tag reviews', 'failure_tag_reviews', {}, 't.episode_id = m_episode_id.dst AND t.round = s.round AND t.mode = s.mode AND t.reviewer = s.reviewer', { gathered: true }),
  gathered('failure tags (same play)', 'failure_tags', ['round', 'mode', 'source'], ['reason'], { call_id: 'model_calls' }),
  gathered('episodes tagged (same play)', 'failure_tagged', ['source'], ['error']),
  gathered('failure tag reviews (same play)', 'failure_tag_reviews', ['round', 'mode', 'reviewer'], ['verdict', 'note']),
];
