/**
 * Migration 015 on a file the last version before it wrote (the schema-13 fixture, migrated through
 * 014 on the way): every label keeps its id, item, verdict, note and time; each distinct name becomes
 * one annotator; nobody is chosen as the database's annotator; sets, items and labels get uids that
 * are the same in every copy of the file; and the annotation results and labels read as they did.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import * as annotation from '../../electron/engine/annotation/sets';
import { Store } from '../../electron/engine/store/store';
import { namedUid } from '../../electron/engine/store/uid';
import { tempDir } from '../support/tmp';

const FIXTURE = new URL('../fixtures/schema-13/', import.meta.url);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[57][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function fixtureCopy(name: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, gunzipSync(readFileSync(new URL('parlor-v13.db.gz', FIXTURE))));
  return path;
}

function read<T>(path: string, sql: string): T[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

type OldLabel = { id: number; item_id: number; annotator: string; verdict: string; answer: string | null; note: string | null; labelled_at: string };
const UID_TABLES = ['annotation_sets', 'annotation_items', 'annotations', 'annotators'] as const;

describe('migration 015 on a schema-13 database', () => {
  it('keeps every label with its id; names become annotators; nobody is chosen; the results and labels read as before', async () => {
    const path = fixtureCopy('v13.db');
    const before = read<OldLabel>(path, `SELECT id, item_id, annotator, verdict, answer, note, labelled_at FROM annotations ORDER BY id`);
    const items = read<{ id: number; set_id: number; event_id: number }>(path, `SELECT id, set_id, event_id FROM annotation_items ORDER BY id`);
    expect(before).toHaveLength(9);
    const then = JSON.parse(gunzipSync(readFileSync(new URL('expected.json.gz', FIXTURE))).toString('utf8')) as { annotations: { results: unknown; labels: unknown }[] };

    const store = Store.open(path);
    try {
      const after = read<OldLabel & { undone_at: string | null }>(
        path,
        `SELECT a.id, a.item_id, p.name AS annotator, a.verdict, a.answer, a.note, a.labelled_at, a.undone_at FROM annotations a JOIN annotators p ON p.id = a.annotator_id ORDER BY a.id`,
      );
      expect(after).toEqual(before.map((l) => ({ ...l, undone_at: null })));
      expect(read(path, `SELECT id, set_id, event_id FROM annotation_items ORDER BY id`)).toEqual(items);
      // One annotator per distinct name, named by it; none chosen for the database.
      expect(store.annotators.list().map((a) => [a.name, a.uid])).toEqual([...new Set(before.map((l) => l.annotator))].sort().map((n) => [n, namedUid('annotator', n)]));
      expect(store.annotators.current()).toBeNull();
      // The numbers and labels that version showed.
      const setId = store.annotations.listSets()[0]!.id;
      const results = annotation.results(store, setId);
      const old = then.annotations[0]!;
      expect(JSON.parse(JSON.stringify(results))).toEqual(old.results);
      expect(annotation.exportSet(store, setId, 'labels', 'jsonl')).toEqual(old.labels);
    } finally {
      store.close();
    }
  });

  it('gives sets, items, labels and annotators uids, unique, and the same in every copy of the file', () => {
    const [a, b] = [fixtureCopy('a.db'), fixtureCopy('b.db')];
    Store.open(a).close();
    Store.open(b).close();
    for (const table of UID_TABLES) {
      const [ua, ub] = [a, b].map((p) => read<{ id: number; uid: string }>(p, `SELECT id, uid FROM ${table} ORDER BY id`));
      expect(ua!.length, table).toBeGreaterThan(0);
      expect(ua!.every((r) => UUID.test(r.uid)), table).toBe(true);
      expect(new Set(ua!.map((r) => r.uid)).size, table).toBe(ua!.length);
      expect(ub, table).toEqual(ua);
    }
  });
});
