/**
 * `parlor merge` (issue 28, item 2) on two files that grew apart from one (the schema-13 fixture and a
 * run interrupted halfway): in A a reviewer marked an episode invalid and a run was played; in B the
 * interrupted run was finished, the errored episodes of another were played again, and a run was
 * played; both set the same price, named a fixed subset and loaded another file under one dataset name.
 * Merging is idempotent, order-free (A←B and B←A hold the same rows, ids aside, and the same sums to
 * the bit), reports every conflict with its rule, and leaves the source untouched.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MergeReport } from '../../shared/contract/merge';
import { mergeDatabases } from '../../electron/engine/merge/merge';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { defineFixed } from '../../electron/engine/runner/fixed-subsets';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { gameById } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { canonicalDump } from '../support/canonical-dump';
import { storeSnapshot } from '../support/store-snapshot';
import { tempDir } from '../support/tmp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const FIXTURE = new URL('../fixtures/schema-13/', import.meta.url);
const guesser = new ScriptedModel('g', (r) => (r.messages.filter((m) => m.role === 'assistant').length % 2 ? 'Is it a piano?' : 'Is it alive?'));
const yes = new ScriptedModel('yes', () => 'Yes.');
const createModel = (c: { model: string }) => (c.model === 'yes' || c.model === 'j' ? yes : guesser);
const scripted = { guesser: { provider: 'scripted' as const, model: 'g' }, judge: { provider: 'scripted' as const, model: 'j' } };

let dir: string;
let a: string;
let b: string;
/** The flaky run's errored episodes in the fixture (played again in B). */
let errored: number;

async function play(store: Store, config: Record<string, unknown>, stopAfter?: number): Promise<number> {
  const { runId } = await prepareRun(store, { preflight: false, concurrency: 1, players: scripted, ...config }, { createModel });
  const stop = new AbortController();
  let finished = 0;
  await executeRun(store, runId, { createModel, signal: stop.signal, onEvent: (e) => e.type === 'episode-finished' && ++finished === stopAfter && stop.abort() });
  return runId;
}

async function withStore<T>(path: string, work: (store: Store) => Promise<T> | T): Promise<T> {
  const store = Store.open(path);
  try {
    return await work(store);
  } finally {
    store.close();
  }
}

/** A dataset called `notes` (a user's file would carry its hash in its name; another program's need not). */
function notes(store: Store, hash: string): void {
  const id = store.datasets.upsert({ game: 'eda', name: 'notes', kind: 'things', source: 'elsewhere', contentHash: hash.repeat(64) });
  store.datasets.upsertInstances(id, 'train', [{ key: hash, name: hash, payload: { line: hash, aliases: [hash] }, tags: {} }]);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-merge-'));
  const base = join(dir, 'base.db');
  writeFileSync(base, gunzipSync(readFileSync(new URL('parlor-v13.db.gz', FIXTURE))));
  await withStore(base, (store) => play(store, { name: 'shared', dataset: { name: 'things', subset: 'test' }, limit: 4, repetitions: 1, seed: 5, settings: { maxTurns: 4 } }, 2));
  [a, b] = [join(dir, 'a.db'), join(dir, 'b.db')];
  copyFileSync(base, a);
  copyFileSync(base, b);
  await withStore(a, async (store) => {
    const shared = store.runs.all().find((r) => r.name === 'shared')!;
    const first = store.episodes.list(shared.id).find((e) => e.status === 'done')!;
    store.episodes.setInvalid(first.id, 'chit-chat');
    store.models.setPrice('openai', 'mock-guesser', 2.6, 10);
    defineFixed(store, gameById('eda'), { name: 'mine', dataset: 'things', subset: 'test', size: 3, seed: 1 });
    notes(store, 'a');
    await play(store, { name: 'A', dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 7, settings: { maxTurns: 3 } });
  });
  // A bundled instance as another version of Parlor stored it: no time says which is right.
  const raw = new Database(a);
  raw.prepare(`UPDATE instances SET tags = json_set(tags, '$.edited', 'in A') WHERE id = (SELECT MIN(id) FROM instances WHERE subset = 'test')`).run();
  raw.close();
  await new Promise((settled) => setTimeout(settled, 5)); // B's price and subset are set later than A's
  await withStore(b, async (store) => {
    const runs = store.runs.all();
    await executeRun(store, runs.find((r) => r.name === 'shared')!.id, { createModel });
    const flaky = runs.find((r) => r.name === 'flaky')!.id;
    errored = store.episodes.list(flaky).filter((e) => e.status === 'error').length;
    await executeRun(store, flaky, { createModel: (c) => (c.model === 'flaky' ? guesser : yes), requeueErrors: true });
    store.models.setPrice('openai', 'mock-guesser', 3, 12);
    defineFixed(store, gameById('eda'), { name: 'mine', dataset: 'things', subset: 'test', size: 3, seed: 2 });
    notes(store, 'b');
    await play(store, { name: 'B', dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 8, settings: { maxTurns: 3 } });
  });
});

/** A merged copy of `into`, with the report. */
function merged(into: string, from: string): { path: string; report: MergeReport } {
  const path = join(tempDir(), 'target.db');
  copyFileSync(into, path);
  return { path, report: mergeDatabases(path, [from]) };
}

const conflictsOf = (report: MergeReport) => report.files.flatMap((f) => f.conflicts).map((c) => `${c.table} ${c.key}: ${c.what} → ${c.kept}`).sort();

describe('parlor merge', () => {
  it('is idempotent: merging the same file again, or the target’s own earlier self, changes nothing', () => {
    const { path, report } = merged(a, b);
    // Came in: run B's 2 episodes, the 2 the shared run played on in B, and the errored ones B played again.
    expect(report.files[0]!.added).toMatchObject({ runs: 1, datasets: 1, episodes: 4 + errored });
    const once = storeSnapshot(path);
    const again = mergeDatabases(path, [b]);
    expect(Object.values(again.files[0]!.added).every((n) => n === 0)).toBe(true);
    expect(storeSnapshot(path)).toEqual(once);
    mergeDatabases(path, [a]);
    expect(storeSnapshot(path)).toEqual(once);
  });

  it('is order-free: A←B and B←A hold the same rows and sums, ids aside, and numbers every view reads', async () => {
    const ab = merged(a, b).path;
    const ba = merged(b, a).path;
    const [x, y] = [canonicalDump(ab), canonicalDump(ba)];
    for (const table of Object.keys(x)) expect(y[table], table).toEqual(x[table]);
    await withStore(ab, (store) => {
      const runs = store.runs.list();
      const byName = (name: string) => runs.find((r) => r.name === name)!;
      // The interrupted run was finished in B: one run, every episode done, the reviewer's mark from A kept.
      expect(byName('shared')).toMatchObject({ status: 'done', episodes: 4, done: 4 });
      expect(store.episodes.list(byName('shared').id).filter((e) => e.invalid === 'chit-chat')).toHaveLength(1);
      expect(byName('flaky')).toMatchObject({ errors: 0, done: byName('flaky').episodes });
      expect(runs.map((r) => r.name)).toEqual(expect.arrayContaining(['A', 'B']));
      // Two datasets called notes: the first stored (A's) keeps the name.
      expect(store.datasets.list('eda').filter((d) => d.name.startsWith('notes')).map((d) => [d.name, d.contentHash?.[0]]).sort()).toEqual([['notes', 'a'], ['notes@bbbbbbbb', 'b']]);
      expect(store.models.listPrices().find((p) => p.model === 'mock-guesser')).toMatchObject({ inputPerMTok: 3, outputPerMTok: 12 });
      expect(store.fixedSubsets.get('mine')?.seed).toBe(2);
    });
  });

  it('reports every conflict and the rule that settled it, the same whichever file is the target', () => {
    const ab = merged(a, b).report;
    const ba = merged(b, a).report;
    const flip = (line: string) => line.replace(/→ (source|target)$/, (_, k: string) => `→ ${k === 'source' ? 'target' : 'source'}`);
    expect(conflictsOf(ba).map(flip)).toEqual(conflictsOf(ab).map((line) => line.replace(/^(episodes .*: played in both files) \((\w+) with (\d+) events here, (\w+) with (\d+) there\)/, '$1 ($4 with $5 events here, $2 with $3 there)')).sort());
    const lines = conflictsOf(ab);
    expect(lines).toEqual(expect.arrayContaining([
      'prices openai:mock-guesser: input_per_mtok, output_per_mtok differ → source',
      'fixed_subsets mine: seed, keys differ → source',
      'datasets eda/notes: another dataset under the same name (its kind or contents differ) → target',
      'runs shared: status, error differ → source',
      expect.stringMatching(/^episodes [0-9a-f-]{36}: marked invalid in one file → target$/),
    ]));
    // The flaky run's errored episodes, played again in B: its plays stand.
    expect(errored).toBeGreaterThan(0);
    expect(lines.filter((l) => /^episodes .*: played in both files \(error with \d+ events here, done with \d+ there\) → source$/.test(l))).toHaveLength(errored);
    // Nothing else: the shared run's unplayed episodes giving way to B's plays are how shards come together.
    expect(lines).toHaveLength(6 + errored);
    const rules = ab.files[0]!.conflicts.map((c) => c.rule);
    expect(rules.every((r) => r.length > 10)).toBe(true);
  });
});
