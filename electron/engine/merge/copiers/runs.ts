/**
 * Runs by uid, with their seats, tags and provider batches. A run both files hold (a copy, or the shards
 * of one run played on several machines) is one run: the row of the file that was active last stands
 * (its status, name, note, end), it started when the first started, its tags are the union of both,
 * and its seats, which must be the same players, are settled by player key if they are not.
 */
import type { Row } from '../../store/db';
import type { Copier } from '../context';
import { copyRows } from '../rows';
import { settle, sourceStands } from '../settle';

/** When a run was last active, in either file. */
const activity = (a: 's' | 't') => `COALESCE(${a}.heartbeat_at, ${a}.finished_at, ${a}.started_at, ${a}.created_at)`;

const runs: Copier = {
  name: 'runs',
  run(ctx) {
    copyRows(ctx, { table: 'runs', refs: { dataset_id: 'datasets' }, exists: 't.uid = s.uid' });
    const pairs = `${ctx.src}.runs s JOIN main.runs t ON t.uid = s.uid`;
    ctx.provideMap('runs', `SELECT s.id, t.id FROM ${pairs}`);
    settle(ctx, {
      table: 'runs', pairs, label: `COALESCE(t.name, t.uid)`, rule: 'newer', time: activity, timeName: 'last active', ident: 'rowid',
      columns: ['name', 'note', 'config', 'status', 'error'],
      quiet: ['app_version', 'pid', 'host', 'finished_at', 'heartbeat_at'],
    });
    // A run played in shards started when its first shard did.
    ctx.db.exec(`UPDATE main.runs SET started_at = s.started_at FROM ${pairs} WHERE t.id = main.runs.id AND s.started_at < COALESCE(main.runs.started_at, '~');
                 UPDATE main.runs SET created_at = s.created_at FROM ${pairs} WHERE t.id = main.runs.id AND s.created_at < main.runs.created_at;`);
  },
};

const runSeats: Copier = {
  name: 'run seats',
  run(ctx) {
    const { db, src } = ctx;
    copyRows(ctx, { table: 'run_seats', refs: { run_id: 'runs', player_id: 'players' }, exists: 't.run_id = m_run_id.dst AND t.seat = s.seat', omit: [] });
    // The same run with another player in a seat is not the same run; both files keep the player whose key sorts first.
    const differing = db
      .prepare(
        `SELECT t.run_id, t.seat, r.uid, COALESCE(r.name, r.uid) AS label, tp.key AS target_key, sp.key AS source_key, mp.dst AS source_player, s.role, s.member
         FROM ${src}.run_seats s JOIN ${ctx.map('runs')} mr ON mr.src = s.run_id JOIN ${ctx.map('players')} mp ON mp.src = s.player_id
         JOIN main.run_seats t ON t.run_id = mr.dst AND t.seat = s.seat JOIN main.players tp ON tp.id = t.player_id JOIN main.players sp ON sp.id = mp.dst
         JOIN main.runs r ON r.id = t.run_id
         WHERE t.player_id != mp.dst OR t.role != s.role OR t.member != s.member`,
      )
      .all() as Row[];
    for (const row of differing) {
      const source = sourceStands('smaller', null, null, `${String(row.source_key)}|${String(row.role)}|${String(row.member)}`, `${String(row.target_key)}|${String(row.role)}|${String(row.member)}`);
      if (source) db.prepare(`UPDATE main.run_seats SET player_id = ?, role = ?, member = ? WHERE run_id = ? AND seat = ?`).run(row.source_player, row.role, row.member, row.run_id, row.seat);
      ctx.conflict({ table: 'run_seats', key: `${String(row.label)} / ${String(row.seat)}`, what: `the seat is played by ${String(row.target_key)} here and ${String(row.source_key)} there`, rule: 'the player whose key sorts first stands', kept: source ? 'source' : 'target' });
    }
  },
};

const runTags: Copier = {
  name: 'run tags',
  run(ctx) {
    copyRows(ctx, { table: 'run_tags', refs: { run_id: 'runs' }, exists: 't.run_id = m_run_id.dst AND t.tag = s.tag', omit: [] });
  },
};

/** Batches handed to a provider: the same batch is the same run, provider and submission time. */
const batches: Copier = {
  name: 'provider batches',
  run(ctx) {
    const same = 't.run_id = m_run_id.dst AND t.provider = s.provider AND t.submitted_at = s.submitted_at AND t.remote_id IS s.remote_id';
    copyRows(ctx, { table: 'provider_batches', refs: { run_id: 'runs', model_config_id: 'model_configs' }, exists: same });
    ctx.provideMap(
      'provider_batches',
      `SELECT s.id, t.id FROM ${ctx.src}.provider_batches s JOIN ${ctx.map('runs')} m_run_id ON m_run_id.src = s.run_id JOIN main.provider_batches t ON ${same}`,
    );
    copyRows(ctx, { table: 'provider_batch_items', refs: { batch_id: 'provider_batches' }, exists: 't.batch_id = m_batch_id.dst AND t.custom_id = s.custom_id', omit: [] });
  },
};

export const runCopiers: readonly Copier[] = [runs, runSeats, runTags, batches];
