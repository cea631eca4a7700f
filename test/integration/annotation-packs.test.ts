/**
 * Annotation packs (issue 28, item 4): a set packed for two annotators (`parlor annotations pack
 * --assign i/2 --overlap 3`), each pack labelled in its own database through the API, both merged back,
 * gives the agreement report labelling both in one database gives; merging a pack again changes
 * nothing; a pack holds only its annotator (fixed: another name is refused), none of the others' labels
 * or rulings, and only the episodes its items are in; it opens as an ordinary Store.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { chooseItems } from '../../electron/engine/annotation/pack';
import * as annotation from '../../electron/engine/annotation/sets';
import { rule } from '../../electron/engine/annotation/adjudication';
import { mergeDatabases } from '../../electron/engine/merge/merge';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { canonicalDump } from '../support/canonical-dump';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';

const TABLES = ['annotators', 'annotation_sets', 'annotation_items', 'annotations', 'rulings'];

function withStore<T>(path: string, work: (store: Store) => T): T {
  const store = Store.open(path);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

const models = () => ({
  guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
  judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
});

let dir = '';
let base = '';
let setId = 0;
let setRun = 0;
let otherRun = 0;
/** Every item of the set in order, with its episode and a label other than the judge's (null: not yes or no). */
let items: { itemId: number; episodeId: number; other: string | null }[] = [];
let imageEvent = 0;
let shownSha = '';

function raw<T>(path: string, work: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-packs-'));
  base = join(dir, 'lab.db');
  const store = Store.open(base);
  try {
    setRun = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 4, repetitions: 1, seed: 3 }, models());
    otherRun = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 9 }, models());
    setId = annotation.createSet(store, 'shared', { runs: [setRun], method: 'random', size: 9, seed: 4 }).id;
    items = store.annotations.items(setId, 'label').sort((a, b) => a.position - b.position)
      .map((i) => ({ itemId: i.itemId, episodeId: i.episodeId, other: i.label === 'yes' ? 'no' : i.label === 'no' ? 'yes' : null }));
    // Work already done here: a dispute and a ruling no pack may show.
    const disputed = items.find((i) => i.other !== null)!;
    annotation.label(store, { setId, itemId: disputed.itemId, annotator: 'di', verdict: 'correct' });
    annotation.label(store, { setId, itemId: disputed.itemId, annotator: 'eve', verdict: 'wrong', answer: disputed.other! });
    rule(store, { setId, itemId: disputed.itemId, adjudicator: 'cy', verdict: 'correct' });
    store.annotators.use(store.annotators.byName('cy')!.id);
    // An image item 1's event shows, and one no packed event shows.
    const shown = store.media.put(new Uint8Array([137, 80, 78, 71, 1]), 'image/png');
    store.media.put(new Uint8Array([137, 80, 78, 71, 2]), 'image/png');
    const event = store.annotations.items(setId, 'label').find((i) => i.itemId === items[1]!.itemId)!.eventId;
    imageEvent = event;
    raw(base, (db) => db.prepare(`UPDATE events SET parts = ? WHERE id = ?`).run(JSON.stringify([{ type: 'text', text: 'see' }, { type: 'image', ref: `media:${shown}`, mime: 'image/png' }]), event));
    shownSha = shown;
  } finally {
    store.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How each annotator labels an item: ada accepts every one, bo disputes every other yes/no. */
function verdictOf(annotator: 'ada' | 'bo', index: number): { verdict: 'correct' | 'wrong'; answer?: string } {
  const other = items[index]!.other;
  return annotator === 'bo' && other !== null && index % 2 === 0 ? { verdict: 'wrong', answer: other } : { verdict: 'correct' };
}

/** Labels, through the API of a service on `path`, every item the annotator's queue offers; the item ids labelled. */
async function labelThroughApi(path: string, annotator: 'ada' | 'bo'): Promise<number[]> {
  const store = Store.open(path);
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  try {
    const queue = await service.registry.dispatch('annotations.queue', { setId, annotator, limit: 500 });
    if (!queue.ok) throw new Error(queue.error.message);
    const offered = (queue.result as { items: { itemId: number }[] }).items.map((i) => i.itemId);
    // The pack fixed who labels in it: another name is refused with one line, and adds no one.
    const other = await service.registry.dispatch('annotations.label', { setId, itemId: offered[0]!, annotator: 'mallory', verdict: 'correct' });
    expect(!other.ok && other.error.message).toBe(`This database was packed for ${annotator}: it takes labels as ${annotator} only, not as "mallory".`);
    expect(store.annotators.list().map((p) => p.name)).toEqual([annotator]);
    for (const itemId of offered) {
      const reply = await service.registry.dispatch('annotations.label', { setId, itemId, annotator, ...verdictOf(annotator, items.findIndex((i) => i.itemId === itemId)) });
      if (!reply.ok) throw new Error(reply.error.message);
    }
    return offered;
  } finally {
    await service.close();
  }
}

const results = (path: string) => withStore(path, (s) => annotation.results(s, setId));

describe('annotation packs', () => {
  it('two packs labelled apart and merged back give the report labelling both in one database gives; merging again changes nothing', async () => {
    const [ada, bo] = [join(dir, 'ada.parlor'), join(dir, 'bo.parlor')];
    const made = await Promise.all([
      parlor(base, ['annotations', 'pack', String(setId), '--annotator', 'ada', '--assign', '1/2', '--overlap', '3', '-o', ada]),
      parlor(base, ['annotations', 'pack', String(setId), '--annotator', 'bo', '--assign', '2/2', '--overlap', '3', '-o', bo, '--json']),
    ]);
    expect(made[0].stderr).toBe('');
    expect(made[0].code).toBe(0);
    expect(made[0].stdout).toMatch(new RegExp(`^Packed set ${setId} "shared" for ada \\(new here: added in the pack only\\) into .*ada\\.parlor: 6 items, \\d+ episodes \\(\\d+ events\\) of 1 run, 1 image, \\d+ kB\\.$`, 'm'));
    expect(made[0].stdout).toContain(`bring the labels home with: parlor merge ${ada}`);
    expect(made[1].code).toBe(0);
    expect((JSON.parse(made[1].stdout) as { items: number[] }).items).toEqual([0, 1, 2, 4, 6, 8].map((i) => items[i]!.itemId));
    // Nothing left beside the packs; the database packed from is as it was.
    expect(readdirSync(dir).sort()).toEqual(['ada.parlor', 'bo.parlor', 'lab.db', 'lab.db-shm', 'lab.db-wal'].filter((f) => existsSync(join(dir, f))).sort());
    // An existing -o is refused without --force.
    const again = await parlor(base, ['annotations', 'pack', String(setId), '--annotator', 'ada', '-o', ada]);
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim()).toBe(`parlor: ${ada} already exists: give another -o, or --force to replace it.`);
    const forced = await parlor(base, ['annotations', 'pack', String(setId), '--annotator', 'ada', '--assign', '1/2', '--overlap', '3', '-o', ada, '--force']);
    expect(forced.code).toBe(0);

    // Each person labels their own pack, offline, through the API.
    const [adaItems, boItems] = [await labelThroughApi(ada, 'ada'), await labelThroughApi(bo, 'bo')];
    expect(adaItems).toEqual([0, 1, 2, 3, 5, 7].map((i) => items[i]!.itemId));
    expect(boItems).toEqual([0, 1, 2, 4, 6, 8].map((i) => items[i]!.itemId));

    // The same labels given in one database.
    const one = join(dir, 'one.db');
    copyFileSync(base, one);
    for (const [who, labelled] of [['ada', adaItems], ['bo', boItems]] as const) {
      withStore(one, (s) => {
        for (const itemId of labelled) annotation.label(s, { setId, itemId, annotator: who, ...verdictOf(who, items.findIndex((i) => i.itemId === itemId)) });
      });
    }

    const report = mergeDatabases(base, [ada, bo]);
    expect(report.files.map((f) => f.added.annotations)).toEqual([6, 6]);
    expect(report.files.map((f) => f.added.annotators)).toEqual([1, 1]);
    expect(report.files.flatMap((f) => f.conflicts)).toEqual([]);
    const [merged, together] = [results(base), results(one)];
    expect(merged.agreement).toEqual(together.agreement);
    expect(merged.agreement.method).toBe('fleiss');
    const { set: _a, ...mergedNumbers } = merged;
    const { set: _b, ...togetherNumbers } = together;
    expect(mergedNumbers).toEqual(togetherNumbers);

    // Merging a pack again changes nothing.
    const dump = () => ({ ...canonicalDump(base), ...canonicalDump(base, TABLES) });
    const once = dump();
    const twice = mergeDatabases(base, [ada, bo]);
    for (const file of twice.files) expect(Object.values(file.added).every((n) => n === 0)).toBe(true);
    expect(dump()).toEqual(once);
  }, 120_000);

  it("holds only its annotator (fixed), none of the others' labels or rulings, and only the episodes of its items; it opens as a Store", async () => {
    const pack = join(dir, 'cy.parlor');
    const made = await parlor(base, ['annotations', 'pack', String(setId), '--annotator', 'cy', '--items', `${items[1]!.itemId},${items[3]!.itemId}-${items[4]!.itemId}`, '-o', pack]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const chosen = [1, 3, 4].map((i) => items[i]!);
    withStore(pack, (s) => {
      expect(s.annotators.list().map((p) => p.name)).toEqual(['cy']);
      expect(s.annotators.current()).toMatchObject({ annotator: { name: 'cy' }, fixed: true });
      expect(s.annotations.listSets().map((x) => x.name)).toEqual(['shared']);
      expect(s.annotations.items(setId, 'label').map((i) => i.itemId)).toEqual(chosen.map((i) => i.itemId));
      expect(s.annotations.labels(setId)).toEqual([]);
      expect(s.rulings.all(setId)).toEqual([]);
      // Its annotator's labels only: another name is refused with one line, and no one is added.
      expect(() => annotation.label(s, { setId, itemId: chosen[0]!.itemId, annotator: 'mallory', verdict: 'correct' })).toThrow(/^This database was packed for cy: it takes labels as cy only, not as "mallory"\.$/);
      expect(s.annotators.list().map((p) => p.name)).toEqual(['cy']);
      expect(() => s.annotators.use(s.annotators.list()[0]!.id + 1)).toThrow(/packed for cy/);
    });
    // Only the episodes the items are in (whole), of the run they are in, as rows of the database packed from.
    const read = new Database(pack, { readonly: true });
    try {
      expect(read.prepare('SELECT id FROM episodes ORDER BY id').pluck().all()).toEqual([...new Set(chosen.map((i) => i.episodeId))].sort((a, b) => a - b));
      expect(read.prepare('SELECT id FROM runs').pluck().all()).toEqual([setRun]);
      expect(read.prepare('SELECT COUNT(*) FROM prices').pluck().get()).toBe(0);
      // The image item 1's event shows, and no other.
      expect(read.prepare('SELECT sha256 FROM media').pluck().all()).toEqual([shownSha]);
      expect(read.prepare('SELECT COUNT(*) FROM events WHERE id = ?').pluck().get(imageEvent)).toBe(1);
    } finally {
      read.close();
    }
    expect(otherRun).not.toBe(setRun);
    // cy, whom the database knows, is the same person (uid) in the pack.
    expect(canonicalDump(pack, ['annotators']).annotators).toEqual(canonicalDump(base, ['annotators']).annotators!.filter((row) => row.includes('"cy"')));
    for (const table of ['annotators', 'runs', 'episodes', 'events', 'episode_seats', 'model_calls', 'scores', 'instances', 'datasets', 'players']) {
      const [inPack, inBase] = [canonicalDump(pack, [table])[table]!, new Set(canonicalDump(base, [table])[table])];
      expect(inPack.length, table).toBeGreaterThan(0);
      expect(inPack.filter((row) => !inBase.has(row)), table).toEqual([]);
    }
  }, 60_000);

  it('deals a set to n annotators deterministically: the overlap to everyone, every other item to exactly one', () => {
    const all = Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, position: i + 1, in_overlap: i < 2 ? 1 : 0 }));
    const shares = [1, 2, 3].map((share) => chooseItems(all, undefined, { share, of: 3, overlap: 4 }));
    expect(shares[0]).toEqual([100, 101, 102, 103, 104, 107]);
    const counts = new Map<number, number>();
    for (const id of shares.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n)).toEqual([3, 3, 3, 3, 1, 1, 1, 1, 1, 1]);
    // Without --overlap, the set's own overlap items go to everyone.
    expect(chooseItems(all, undefined, { share: 2, of: 2 })).toEqual([100, 101, 103, 105, 107, 109]);
    expect(() => chooseItems(all, [999], undefined)).toThrow(/Item 999 is not in this set/);
    expect(() => chooseItems(all, undefined, { share: 3, of: 2 })).toThrow(/--assign takes i\/n/);
  });
});
