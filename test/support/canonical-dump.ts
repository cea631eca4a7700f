/**
 * A database's rows with its local integer ids taken out: every foreign key is replaced by what it
 * points at (a uid, else that row's own canonical form), so two files that hold the same things with
 * other ids give the same dump. For checking that a merge is order-free (A←B and B←A).
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/** The tables `parlor merge` brings together (annotation tables, local rate budgets and profiles' keys aside). */
export const MERGED_TABLES = [
  'model_configs', 'players', 'model_profiles', 'prices', 'response_cache', 'fixed_subsets', 'media', 'media_names', 'datasets', 'instances',
  'runs', 'run_seats', 'run_tags', 'provider_batches', 'provider_batch_items', 'episodes', 'episode_seats', 'model_calls', 'events', 'scores',
  'probes', 'failure_tags', 'failure_tagged', 'failure_tag_reviews', 'rep_sums', 'instance_sums', 'run_outcomes',
] as const;

/** Integer references the schema does not declare (the sums tables). */
const UNDECLARED: Record<string, Record<string, string>> = {
  rep_sums: { run_id: 'runs' },
  instance_sums: { run_id: 'runs', instance_id: 'instances' },
  run_outcomes: { run_id: 'runs' },
};

type Row = Record<string, unknown>;

export function canonicalDump(path: string, tables: readonly string[] = MERGED_TABLES): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  const refs = new Map<string, Record<string, string>>();
  const refsOf = (table: string) => {
    let r = refs.get(table);
    if (!r) {
      const declared = db.prepare(`SELECT "from", "table" FROM pragma_foreign_key_list(?)`).all(table) as { from: string; table: string }[];
      r = { ...Object.fromEntries(declared.map((d) => [d.from, d.table])), ...UNDECLARED[table] };
      refs.set(table, r);
    }
    return r;
  };
  const memo = new Map<string, string>();
  const identity = (table: string, id: unknown): string => {
    const key = `${table}:${String(id)}`;
    let found = memo.get(key);
    if (found === undefined) {
      const row = db.prepare(`SELECT * FROM "${table}" WHERE rowid = ?`).get(id) as Row | undefined;
      found = row === undefined ? `missing ${key}` : typeof row.uid === 'string' ? `uid:${row.uid}` : canonical(table, row);
      memo.set(key, found);
    }
    return found;
  };
  const canonical = (table: string, row: Row): string => {
    const out: Row = {};
    const r = refsOf(table);
    for (const [column, value] of Object.entries(row)) {
      if (column === 'id') continue;
      const target = r[column];
      if (target && value !== null) out[column] = identity(target, value);
      else if (Buffer.isBuffer(value)) out[column] = `sha256:${createHash('sha256').update(value).digest('hex')}`;
      else out[column] = value;
    }
    // A model player's key names its config by local id.
    if (table === 'players' && row.model_config_id !== null && row.key === `${String(row.kind)}:${String(row.model_config_id)}`) out.key = `${String(row.kind)}:${String(out.model_config_id)}`;
    return JSON.stringify(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  };
  try {
    return Object.fromEntries(tables.map((table) => [table, (db.prepare(`SELECT * FROM "${table}"`).all() as Row[]).map((row) => canonical(table, row)).sort()]));
  } finally {
    db.close();
  }
}
