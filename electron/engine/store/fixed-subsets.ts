/** Users' fixed subsets: a name, the split it samples, the size and seed, and the keys drawn once. */
import type { FixedSubset } from '../core/fixed-subsets';
import { ConflictError, NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { json, nowIso, parseJson } from './rows';

export type StoredFixedSubset = FixedSubset & { createdAt: string };

export class FixedSubsets {
  constructor(private readonly db: Db) {}

  list(game?: string): StoredFixedSubset[] {
    const rows = (game === undefined
      ? this.db.q(`SELECT * FROM fixed_subsets ORDER BY game, name`).all()
      : this.db.q(`SELECT * FROM fixed_subsets WHERE game = ? ORDER BY name`).all(game)) as Row[];
    return rows.map(toFixed);
  }

  get(name: string): StoredFixedSubset | null {
    const row = this.db.q(`SELECT * FROM fixed_subsets WHERE name = ?`).get(name) as Row | undefined;
    return row ? toFixed(row) : null;
  }

  create(subset: Omit<FixedSubset, 'origin'>): StoredFixedSubset {
    if (this.get(subset.name)) throw new ConflictError(`A fixed subset named ${subset.name} exists already: choose another name or remove it first.`);
    this.db.tx(() =>
      this.db
        .prepare(`INSERT INTO fixed_subsets (name, game, dataset, subset, size, seed, keys, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(subset.name, subset.game, subset.dataset, subset.subset, subset.size, subset.seed, json(subset.keys), subset.note ?? null, nowIso()),
    );
    return this.get(subset.name)!;
  }

  remove(name: string): void {
    const { changes } = this.db.q(`DELETE FROM fixed_subsets WHERE name = ?`).run(name);
    if (changes === 0) throw new NotFoundError('fixed subset', name);
  }
}

function toFixed(row: Row): StoredFixedSubset {
  return {
    name: String(row.name), game: String(row.game), dataset: String(row.dataset), subset: String(row.subset),
    size: Number(row.size), seed: Number(row.seed), keys: parseJson<string[]>(row.keys),
    ...(row.note === null ? {} : { note: String(row.note) }), origin: 'user', createdAt: String(row.created_at),
  };
}
