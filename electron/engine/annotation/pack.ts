/**
 * `parlor annotations pack`: an annotation pack for one offline annotator. A pack is an ordinary Parlor
 * database (the same schema: it opens in the app, `parlor serve --db`, the CLI) holding only what that
 * person needs: the set, the chosen items, the whole episodes their events are in (the dialogue before
 * an item is what the labelling page shows, and a whole play merges home as the same play), the runs,
 * seats, players, datasets and instances those need, the images they show, and the annotator, fixed as
 * the file's current annotator. No one else's labels, no rulings, no people but the annotator, no
 * prices, saved models, response cache or rate budgets.
 *
 * It is made as a merge the other way round: a consistent snapshot of the database is taken, and
 * everything outside the selection is removed from it, so every row the pack keeps has its uid (and its
 * local id) as in the database. `parlor merge pack.parlor` then brings the annotator's labels home as
 * they are, and merging the same pack again changes nothing.
 *
 * Assignment (`assign: { share, of, overlap }`): the set's items in their order; the overlap items (the
 * first `overlap` of the set, or, without it, the items the set itself marks as labelled by everyone)
 * go to every annotator, for agreement; the others are dealt in turn, the j-th of them to share
 * (j mod n) + 1. So n packs of one set cover every item, each item outside the overlap exactly once,
 * and the deal depends only on the set.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors';
import { quote } from '../merge/context';
import { recomputeSums } from '../merge/sums';
import { Annotators } from '../store/annotators';
import { Db } from '../store/db';
import { namedUid } from '../store/uid';

export interface PackAssignment {
  /** This annotator's share, 1-based. */
  share: number;
  /** How many annotators the set is dealt to. */
  of: number;
  /** The first `overlap` items go to everyone; without it, the items the set marks as overlap. */
  overlap?: number;
}

export interface PackOptions {
  /** The database to pack from (a file). */
  source: string;
  setId: number;
  annotator: string;
  /** Item ids of the set; all of them (or the assignment's share) when absent. */
  items?: readonly number[];
  assign?: PackAssignment;
  out: string;
  /** Replace a file already at `out`. */
  force?: boolean;
}

export interface PackSummary {
  out: string;
  set: { id: number; uid: string; name: string };
  annotator: { id: number; uid: string; name: string; added: boolean };
  items: number[];
  episodes: number;
  events: number;
  runs: number;
  media: number;
  bytes: number;
}

/** Tables a pack keeps rows of (filtered below); every other table is emptied. */
const KEPT = new Set([
  'annotation_sets', 'annotation_items', 'annotations', 'annotators', 'current_annotator',
  'runs', 'run_seats', 'run_tags', 'episodes', 'episode_seats', 'events', 'model_calls', 'scores', 'probes',
  'datasets', 'instances', 'players', 'model_configs', 'media', 'media_names', 'rep_sums', 'instance_sums', 'run_outcomes',
]);

interface ItemRow {
  id: number;
  position: number;
  in_overlap: number;
}

/** The item ids a pack holds: the chosen ones, or the share the assignment deals to this annotator. */
export function chooseItems(all: readonly ItemRow[], items: readonly number[] | undefined, assign: PackAssignment | undefined): number[] {
  const ordered = [...all].sort((a, b) => a.position - b.position);
  let chosen = ordered;
  if (items) {
    const known = new Set(ordered.map((i) => i.id));
    const missing = items.filter((id) => !known.has(id));
    if (missing.length) throw new UserError(`Item${missing.length > 1 ? 's' : ''} ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} ${missing.length > 1 ? 'are' : 'is'} not in this set (parlor annotations review or history show its items).`);
    const wanted = new Set(items);
    chosen = ordered.filter((i) => wanted.has(i.id));
  }
  if (assign) {
    const { share, of } = assign;
    if (!Number.isInteger(of) || of < 1 || !Number.isInteger(share) || share < 1 || share > of) throw new UserError(`--assign takes i/n: this annotator's share i of n annotators, 1 ≤ i ≤ n (like 2/3).`);
    if (assign.overlap !== undefined && (!Number.isInteger(assign.overlap) || assign.overlap < 0)) throw new UserError('--overlap takes a whole number of items (0 or more).');
    const everyone = (item: ItemRow, index: number) => (assign.overlap === undefined ? item.in_overlap === 1 : index < assign.overlap);
    const inShare = new Set<number>();
    let dealt = 0;
    for (const [index, item] of ordered.entries()) {
      if (everyone(item, index)) inShare.add(item.id);
      else if (dealt++ % of === share - 1) inShare.add(item.id);
    }
    chosen = chosen.filter((i) => inShare.has(i.id));
  }
  if (!chosen.length) throw new UserError('No items to pack: the set has none, or the choice (--items, --assign) leaves none.');
  return chosen.map((i) => i.id);
}

/** Writes the pack: whole or not at all (a temporary file beside `out`, renamed into place once complete). */
export function writePack(options: PackOptions): PackSummary {
  const { source, out } = options;
  if (source === ':memory:') throw new UserError('A pack is made from a database file, not an in-memory one.');
  if (existsSync(out) && !options.force) throw new UserError(`${out} already exists: give another -o, or --force to replace it.`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UserError(`${out} is a folder: -o names the pack's file (like ada.parlor).`);
  if (!existsSync(dirname(out) || '.')) throw new UserError(`No folder ${dirname(out)} for ${out}: make it first.`);
  const temp = join(dirname(out) || '.', `.${basename(out)}.${process.pid}.tmp`);
  const clean = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(temp + suffix, { force: true });
  };
  clean();
  try {
    // One consistent snapshot, read through a read-only connection (a run may be writing the file).
    const from = Db.open(source, { mustExist: true, readOnly: true });
    try {
      from.exec(`VACUUM INTO ${quote(temp)}`);
    } finally {
      from.close();
    }
    const db = Db.open(temp, { mustExist: true });
    let summary: Omit<PackSummary, 'bytes'>;
    try {
      summary = db.tx(() => prune(db, options));
      db.pragma('journal_mode = DELETE');
      db.exec('VACUUM');
    } finally {
      db.close();
    }
    renameSync(temp, out);
    return { ...summary, bytes: statSync(out).size };
  } finally {
    clean();
  }
}

function prune(db: Db, options: PackOptions): Omit<PackSummary, 'bytes'> {
  const set = db.prepare(`SELECT id, uid, name FROM annotation_sets WHERE id = ?`).get(options.setId) as { id: number; uid: string; name: string } | undefined;
  if (!set) throw new UserError(`No annotation set ${options.setId} (parlor annotations list shows them).`);
  const all = db.prepare(`SELECT id, position, in_overlap FROM annotation_items WHERE set_id = ?`).all(set.id) as ItemRow[];
  const items = chooseItems(all, options.items, options.assign);

  const annotators = new Annotators(db);
  const name = options.annotator.trim();
  if (!name) throw new UserError('Say who the pack is for: --annotator <name>.');
  const known = annotators.byName(name);
  let person = known ?? annotators.create(name);
  if (!known) {
    // Someone the database does not know yet is added in the pack only, under a uid named by their
    // name (as an earlier version's annotators are): two packs made for the same new person agree.
    db.prepare(`UPDATE annotators SET uid = ? WHERE id = ?`).run(namedUid('annotator', name), person.id);
    person = annotators.byName(name)!;
  }

  const keep = (table: string, select: string, ...params: unknown[]) => {
    db.exec(`DROP TABLE IF EXISTS temp.pack_${table}; CREATE TEMP TABLE pack_${table} (id INTEGER PRIMARY KEY)`);
    db.prepare(`INSERT OR IGNORE INTO temp.pack_${table} (id) ${select}`).run(...params);
  };
  db.exec(`DROP TABLE IF EXISTS temp.pack_items; CREATE TEMP TABLE pack_items (id INTEGER PRIMARY KEY)`);
  const addItem = db.prepare(`INSERT INTO temp.pack_items (id) VALUES (?)`);
  for (const id of items) addItem.run(id);
  keep('episodes', `SELECT v.episode_id FROM annotation_items ai JOIN events v ON v.id = ai.event_id WHERE ai.id IN (SELECT id FROM temp.pack_items)`);
  keep('runs', `SELECT run_id FROM episodes WHERE id IN (SELECT id FROM temp.pack_episodes)`);
  keep('instances', `SELECT instance_id FROM episodes WHERE id IN (SELECT id FROM temp.pack_episodes)`);
  keep('datasets', `SELECT dataset_id FROM runs WHERE id IN (SELECT id FROM temp.pack_runs) UNION SELECT dataset_id FROM instances WHERE id IN (SELECT id FROM temp.pack_instances)`);

  // Whatever a pack does not keep (rulings, people's reviews of failure tags, failure tags, provider
  // batches, prices, saved models, the response cache, subsets, rate budgets, tables a later version
  // adds) goes first, so nothing is left pointing at the rows removed after.
  db.exec(`UPDATE model_calls SET batch_id = NULL WHERE batch_id IS NOT NULL`);
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  for (const table of tables) if (!KEPT.has(table)) db.exec(`DELETE FROM "${table.replaceAll('"', '""')}"`);
  const inEpisodes = `episode_id NOT IN (SELECT id FROM temp.pack_episodes)`;
  const text = (v: string) => `COALESCE(${v}.parts, '') || COALESCE(${v}.text, '') || COALESCE(${v}.action, '')`;
  const steps = [
    // Labels: only the annotator's own, on the pack's items; no one else.
    `DELETE FROM annotations WHERE annotator_id <> ${person.id} OR item_id NOT IN (SELECT id FROM temp.pack_items)`,
    `DELETE FROM current_annotator`,
    `DELETE FROM annotation_items WHERE id NOT IN (SELECT id FROM temp.pack_items)`,
    `DELETE FROM annotation_sets WHERE id <> ${set.id}`,
    `DELETE FROM annotators WHERE id <> ${person.id}`,
    // The plays of the items' episodes, whole.
    `DELETE FROM scores WHERE ${inEpisodes}`,
    `DELETE FROM probes WHERE ${inEpisodes}`,
    `DELETE FROM events WHERE ${inEpisodes}`,
    `DELETE FROM episode_seats WHERE ${inEpisodes}`,
    `DELETE FROM model_calls WHERE episode_id IS NULL OR ${inEpisodes}`,
    `DELETE FROM episodes WHERE id NOT IN (SELECT id FROM temp.pack_episodes)`,
    `DELETE FROM run_tags WHERE run_id NOT IN (SELECT id FROM temp.pack_runs)`,
    `DELETE FROM run_seats WHERE run_id NOT IN (SELECT id FROM temp.pack_runs)`,
    `DELETE FROM runs WHERE id NOT IN (SELECT id FROM temp.pack_runs)`,
    `DELETE FROM instances WHERE id NOT IN (SELECT id FROM temp.pack_instances)`,
    `DELETE FROM datasets WHERE id NOT IN (SELECT id FROM temp.pack_datasets)`,
    `DELETE FROM players WHERE id NOT IN (SELECT player_id FROM run_seats UNION SELECT player_id FROM episode_seats)`,
    `DELETE FROM model_configs WHERE id NOT IN (SELECT model_config_id FROM players WHERE model_config_id IS NOT NULL UNION SELECT model_config_id FROM model_calls)`,
    // Images the pack's events, instances or calls show (by media:<sha256>, or by a name a game gave one).
    `DELETE FROM media_names WHERE NOT EXISTS (SELECT 1 FROM instances i WHERE instr(i.payload, media_names.name) > 0)
       AND NOT EXISTS (SELECT 1 FROM events v WHERE instr(${text('v')}, media_names.name) > 0)`,
    `DELETE FROM media WHERE sha256 NOT IN (SELECT sha256 FROM media_names)
       AND NOT EXISTS (SELECT 1 FROM events v WHERE instr(${text('v')}, media.sha256) > 0)
       AND NOT EXISTS (SELECT 1 FROM instances i WHERE instr(i.payload, media.sha256) > 0)
       AND NOT EXISTS (SELECT 1 FROM model_calls c WHERE instr(c.request, media.sha256) > 0 OR instr(COALESCE(c.response, ''), media.sha256) > 0)`,
  ];
  for (const sql of steps) db.exec(sql);
  recomputeSums(db);
  annotators.use(person.id, true);

  const count = (sql: string) => Number(db.prepare(sql).pluck().get());
  return {
    out: options.out,
    set,
    annotator: { id: person.id, uid: person.uid, name: person.name, added: known === null },
    items,
    episodes: count(`SELECT COUNT(*) FROM episodes`),
    events: count(`SELECT COUNT(*) FROM events`),
    runs: count(`SELECT COUNT(*) FROM runs`),
    media: count(`SELECT COUNT(*) FROM media`),
  };
}
