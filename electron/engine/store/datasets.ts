/** Datasets and their instances, and the media blobs content refers to. */
import { createHash } from 'node:crypto';
import type { InstanceInput, InstanceRow } from '../core/game';
import { ConflictError, NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { json, parseJson } from './rows';
import { newUid } from './uid';

export interface DatasetRow {
  id: number;
  game: string;
  name: string;
  kind: string;
  source: string;
  contentHash: string | null;
  subsets: { subset: string; instances: number }[];
}

const INSTANCE_COLUMNS = `i.id, i.dataset_id, i.subset, i.position, i.key, i.name, i.payload, i.tags`;

export function toInstance(row: Row, prefix = ''): InstanceRow {
  return {
    id: Number(row[`${prefix}id`]),
    datasetId: Number(row[`${prefix}dataset_id`]),
    subset: String(row[`${prefix}subset`]),
    position: Number(row[`${prefix}position`]),
    key: String(row[`${prefix}key`]),
    name: String(row[`${prefix}name`]),
    payload: parseJson(row[`${prefix}payload`]),
    tags: parseJson<Record<string, string>>(row[`${prefix}tags`] ?? '{}'),
  };
}

export class Datasets {
  constructor(private readonly db: Db) {}

  /** The dataset row of a game's dataset (created on first use); a name already used with other contents is refused. */
  upsert(d: { game: string; name: string; kind: string; source: string; contentHash: string | null }): number {
    const existing = this.db.q(`SELECT id, kind, content_hash FROM datasets WHERE game = ? AND name = ?`).get(d.game, d.name) as Row | undefined;
    if (existing) {
      if (existing.kind !== d.kind) throw new ConflictError(`Dataset "${d.name}" is already stored as kind "${String(existing.kind)}", not "${d.kind}".`);
      if ((existing.content_hash ?? null) !== d.contentHash) {
        throw new ConflictError(`A different dataset named "${d.name}" is already stored (its contents differ); give this one another name.`);
      }
      return Number(existing.id);
    }
    return Number(
      this.db.q(`INSERT INTO datasets (uid, game, name, kind, source, content_hash) VALUES (?, ?, ?, ?, ?, ?)`).run(newUid(), d.game, d.name, d.kind, d.source, d.contentHash).lastInsertRowid,
    );
  }

  /** Stores a subset's instances (idempotent by key; tags refreshed) and returns their rows in order. */
  upsertInstances(datasetId: number, subset: string, instances: readonly InstanceInput[]): InstanceRow[] {
    const insert = this.db.prepare(
      `INSERT INTO instances (dataset_id, subset, position, key, name, payload, tags) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (dataset_id, subset, key) DO UPDATE SET position = excluded.position,
         tags = CASE WHEN excluded.tags = '{}' THEN instances.tags ELSE excluded.tags END
       RETURNING ${INSTANCE_COLUMNS.replaceAll('i.', '')}`,
    );
    return this.db.tx(() => instances.map((instance, position) => toInstance(insert.get(datasetId, subset, position, instance.key, instance.name, json(instance.payload), json(instance.tags)) as Row)));
  }

  list(game?: string): DatasetRow[] {
    const rows = this.db.q(`SELECT * FROM datasets WHERE (? IS NULL OR game = ?) ORDER BY game, id`).all(game ?? null, game ?? null) as Row[];
    const counts = this.db.q(`SELECT dataset_id, subset, COUNT(*) AS n FROM instances GROUP BY dataset_id, subset ORDER BY dataset_id, subset`).all() as Row[];
    return rows.map((row) => ({
      id: Number(row.id),
      game: String(row.game),
      name: String(row.name),
      kind: String(row.kind),
      source: String(row.source),
      contentHash: (row.content_hash as string | null) ?? null,
      subsets: counts.filter((c) => c.dataset_id === row.id).map((c) => ({ subset: String(c.subset), instances: Number(c.n) })),
    }));
  }

  instances(datasetId: number, subset?: string): InstanceRow[] {
    return (
      this.db.q(`SELECT ${INSTANCE_COLUMNS} FROM instances i WHERE i.dataset_id = ? AND (? IS NULL OR i.subset = ?) ORDER BY i.subset, i.position`).all(datasetId, subset ?? null, subset ?? null) as Row[]
    ).map((row) => toInstance(row));
  }

  instance(id: number): InstanceRow {
    const row = this.db.q(`SELECT ${INSTANCE_COLUMNS} FROM instances i WHERE i.id = ?`).get(id) as Row | undefined;
    if (!row) throw new NotFoundError('instance', id);
    return toInstance(row);
  }
}

/** Images and other blobs, stored once by content. */
export class Media {
  constructor(private readonly db: Db) {}

  /** Stores bytes (once) and returns their sha256. */
  put(bytes: Uint8Array, mime: string): string {
    const sha = createHash('sha256').update(bytes).digest('hex');
    this.db.q(`INSERT INTO media (sha256, mime, size, bytes) VALUES (?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING`).run(sha, mime, bytes.byteLength, Buffer.from(bytes));
    return sha;
  }

  get(sha: string): { mime: string; bytes: Buffer } {
    const row = this.db.q(`SELECT mime, bytes FROM media WHERE sha256 = ?`).get(sha) as Row | undefined;
    if (!row) throw new NotFoundError('media blob', sha);
    return { mime: String(row.mime), bytes: row.bytes as Buffer };
  }

  has(sha: string): boolean {
    return this.db.q(`SELECT 1 FROM media WHERE sha256 = ?`).get(sha) !== undefined;
  }

  /** The stored image a game's data names, if Parlor found it before. */
  named(name: string): { sha: string; mime: string; source: string } | null {
    const row = this.db.q(`SELECT n.sha256, m.mime, n.source FROM media_names n JOIN media m ON m.sha256 = n.sha256 WHERE n.name = ?`).get(name) as Row | undefined;
    return row ? { sha: String(row.sha256), mime: String(row.mime), source: String(row.source) } : null;
  }

  /** Stores a found image under its name (the first one found keeps the name). */
  putNamed(name: string, bytes: Uint8Array, mime: string, source: string): string {
    return this.db.tx(() => {
      const sha = this.put(bytes, mime);
      this.db.q(`INSERT INTO media_names (name, sha256, source) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`).run(name, sha, source);
      return this.named(name)!.sha;
    });
  }

  /** Distinct blobs and their bytes (the file-size report of a multimodal run). */
  totals(): { blobs: number; bytes: number } {
    const row = this.db.q(`SELECT count(*) AS n, coalesce(sum(size), 0) AS b FROM media`).get() as Row;
    return { blobs: Number(row.n), bytes: Number(row.b) };
  }
}
