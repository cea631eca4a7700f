/**
 * Row uids (issue 28, item 1). A database written at schema version 13, the last before uids, opens
 * with everything it showed then, every run, dataset, episode, event and model call gets a uid, and two
 * copies of the file give every row the same uid. Rows written now are named by the same formulas the
 * migration uses for old ones (children by parent and natural key), so a row has one uid however it
 * came to be in a file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../electron/engine/players/errors';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { FILL_ROW_UIDS } from '../../electron/engine/store/migrations/014-row-uids';
import { Store } from '../../electron/engine/store/store';
import { registerUidFunctions } from '../../electron/engine/store/uid';
import { fixtureOutputs } from '../fixtures/schema-13/outputs';
import { tempDir } from '../support/tmp';

const FIXTURE = new URL('../fixtures/schema-13/', import.meta.url);
const TABLES = ['runs', 'datasets', 'episodes', 'events', 'model_calls'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[57][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function fixtureCopy(name: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, gunzipSync(readFileSync(new URL('parlor-v13.db.gz', FIXTURE))));
  return path;
}

/** Every (id, uid) of the tables with uids, read through a connection of its own. */
function uids(path: string): Record<string, [number, string | null][]> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT id, uid FROM ${t} ORDER BY id`).raw().all() as [number, string | null][]]));
  } finally {
    db.close();
  }
}

describe('row uids', () => {
  it('a schema-13 database opens with every run, transcript, export, report and cross-run view it showed then', async () => {
    const path = fixtureCopy('v13.db');
    const then = JSON.parse(gunzipSync(readFileSync(new URL('expected.json.gz', FIXTURE))).toString('utf8')) as Record<string, unknown>;
    const now = await fixtureOutputs(path);
    // What the comparison must hold to mean something.
    expect(Object.keys(now.runs as object)).toHaveLength(9);
    for (const key of Object.keys(then)) expect(now[key], key).toEqual(then[key]);
    expect(Object.keys(now).sort()).toEqual(Object.keys(then).sort());
  });

  it('gives every run, dataset, episode, event and model call of an old file a uid, unique, and the same in every copy of the file', () => {
    const [a, b] = [fixtureCopy('a.db'), fixtureCopy('b.db')];
    Store.open(a).close();
    Store.open(b).close();
    const [ua, ub] = [uids(a), uids(b)];
    expect(Object.fromEntries(TABLES.map((t) => [t, ua[t]!.length]))).toEqual({ runs: 9, datasets: 4, episodes: 45, events: 689, model_calls: 798 });
    for (const table of TABLES) {
      const all = ua[table]!.map(([, uid]) => uid);
      expect(all.every((uid) => uid !== null && UUID.test(uid)), table).toBe(true);
      expect(new Set(all).size, table).toBe(all.length);
    }
    expect(ub).toEqual(ua);
  });

  it('names the rows it writes by the formulas the migration names old rows by: an episode by run and instance, an event by episode and index, a call by its parent, key and ordinal', async () => {
    const path = join(tempDir(), 'new.db');
    const store = Store.open(path);
    // A guesser whose first call on each episode fails (errored episodes), played again: the same
    // episode, round, role and attempt called twice (the second call gets the next ordinal).
    const failed = new Set<number>();
    const guesser = new ScriptedModel('g', (r) => {
      if (!failed.has(r.seed ?? 0)) {
        failed.add(r.seed ?? 0);
        return new ProviderError('server', 'HTTP 500 (scripted)');
      }
      return 'Is it a piano?';
    });
    const judge = new ScriptedModel('j', () => 'Yes.');
    const createModel = (c: { model: string }) => (c.model === 'g' ? guesser : judge);
    const { runId } = await prepareRun(store, { dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 2, seed: 4, preflight: false, settings: { maxTurns: 3 }, players: { guesser: { provider: 'scripted', model: 'g' }, judge: { provider: 'scripted', model: 'j' } } }, { createModel });
    expect(await executeRun(store, runId, { createModel })).toMatchObject({ errors: 4 });
    expect(await executeRun(store, runId, { createModel, requeueErrors: true })).toMatchObject({ done: 4, errors: 0 });
    store.close();

    const written = uids(path);
    expect(written.events!.length).toBeGreaterThan(0);
    expect(written.model_calls!.length).toBeGreaterThan(written.events!.length / 2);
    for (const table of TABLES) expect(written[table]!.every(([, uid]) => uid !== null && UUID.test(uid)), table).toBe(true);
    // The same rows named again by the migration's SQL: the same uids for every child.
    const db = new Database(path);
    registerUidFunctions(db);
    db.exec(`UPDATE model_calls SET uid = NULL; UPDATE events SET uid = NULL; UPDATE episodes SET uid = NULL;`);
    db.exec(FILL_ROW_UIDS);
    const repeated = db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM model_calls GROUP BY episode_id, round, role, attempt HAVING COUNT(*) > 1)`).pluck().get();
    db.close();
    expect(repeated).toBe(4);
    const renamed = uids(path);
    for (const table of ['episodes', 'events', 'model_calls'] as const) expect(renamed[table], table).toEqual(written[table]);
  });
});
