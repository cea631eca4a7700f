/**
 * Merging annotation work (issue 28, items 2, 5–7): two copies of one file labelled apart (relabels,
 * an undo, a ruling undone in one copy, a person each copy added under the same name, two new sets of
 * one name) merge both ways into the same labels, rulings and numbers; every label is kept, so each
 * annotator's history survives; merging again changes nothing; the current annotator stays local.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as annotation from '../../electron/engine/annotation/sets';
import { rule, undoRuling } from '../../electron/engine/annotation/adjudication';
import { mergeDatabases } from '../../electron/engine/merge/merge';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { canonicalDump } from '../support/canonical-dump';
import { playScripted } from '../support/scripted-run';
import { tempDir } from '../support/tmp';

const TABLES = ['annotators', 'annotation_sets', 'annotation_items', 'annotations', 'rulings'];

function withStore<T>(path: string, work: (store: Store) => T): T {
  const store = Store.open(path);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

let a = '';
let b = '';
/** Items of the shared set the judge answered yes or no, and "the other answer" of each. */
let items: { itemId: number; other: string }[] = [];
let runId = 0;

let dir = '';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  // Not tempDir(): that folder goes after the first test, and the copies serve them all.
  dir = mkdtempSync(join(tmpdir(), 'parlor-merge-annotations-'));
  const base = join(dir, 'base.db');
  const store = Store.open(base);
  try {
    runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 3 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    const set = annotation.createSet(store, 'shared', { runs: [runId], method: 'random', size: 8, seed: 4 });
    items = store.annotations.items(set.id, 'label').filter((i) => i.label === 'yes' || i.label === 'no').map((i) => ({ itemId: i.itemId, other: i.label === 'yes' ? 'no' : 'yes' }));
    // Before the copies: a dispute on item 3 and cy's ruling on it.
    annotation.label(store, { setId: set.id, itemId: items[3]!.itemId, annotator: 'di', verdict: 'correct' });
    annotation.label(store, { setId: set.id, itemId: items[3]!.itemId, annotator: 'eve', verdict: 'wrong', answer: items[3]!.other });
    rule(store, { setId: set.id, itemId: items[3]!.itemId, adjudicator: 'cy', verdict: 'correct' });
  } finally {
    store.close();
  }
  [a, b] = [join(dir, 'a.db'), join(dir, 'b.db')];
  copyFileSync(base, a);
  copyFileSync(base, b);
  withStore(a, (s) => {
    s.annotators.use(s.annotators.ensure('ada').id);
    annotation.label(s, { setId: 1, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'correct' });
    annotation.label(s, { setId: 1, itemId: items[1]!.itemId, annotator: 'ada', verdict: 'correct' });
    // ada changes her mind on item 0: both labels kept, the newer counts.
    annotation.label(s, { setId: 1, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'wrong', answer: items[0]!.other });
    undoRuling(s, 1, 'cy');
    annotation.createSet(s, 'second', { runs: [runId], method: 'random', size: 2, seed: 1 });
  });
  withStore(b, (s) => {
    s.annotators.use(s.annotators.ensure('bo').id);
    annotation.label(s, { setId: 1, itemId: items[0]!.itemId, annotator: 'bo', verdict: 'correct' });
    annotation.label(s, { setId: 1, itemId: items[1]!.itemId, annotator: 'bo', verdict: 'wrong', answer: items[1]!.other });
    annotation.label(s, { setId: 1, itemId: items[2]!.itemId, annotator: 'bo', verdict: 'correct' });
    annotation.undo(s, 1, 'bo');
    // Someone typed "ada" here too: another uid for the same name.
    annotation.label(s, { setId: 1, itemId: items[2]!.itemId, annotator: 'ada', verdict: 'ambiguous' });
    annotation.createSet(s, 'second', { runs: [runId], method: 'random', size: 3, seed: 2 });
  });
});

function merged(into: string, from: string) {
  const path = join(tempDir(), 'target.db');
  copyFileSync(into, path);
  return { path, report: mergeDatabases(path, [from]) };
}

describe('merging annotation work', () => {
  it('is order-free: A←B and B←A hold the same annotators, sets, items, labels and rulings, and the same results', () => {
    const [ab, ba] = [merged(a, b), merged(b, a)];
    const [x, y] = [canonicalDump(ab.path, TABLES), canonicalDump(ba.path, TABLES)];
    for (const table of TABLES) expect(y[table], table).toEqual(x[table]);
    const numbers = (path: string) => withStore(path, (s) => {
      const { set: _set, ...r } = annotation.results(s, 1);
      return r;
    });
    expect(numbers(ba.path)).toEqual(numbers(ab.path));
    const conflicts = (r: typeof ab.report) => r.files.flatMap((f) => f.conflicts).filter((c) => c.table.startsWith('annot')).map((c) => `${c.table} ${c.key} ${c.kept}`).sort();
    expect(conflicts(ab.report)).toHaveLength(2);
    expect(conflicts(ab.report).map((c) => c.replace(/ (source|target)$/, ''))).toEqual(['annotation_sets second', 'annotators ada']);
  });

  it("keeps every annotator's labels and history; undone stays undone; the current annotator stays local", () => {
    expect(merged(a, b).report.files[0]!.added).toMatchObject({ annotators: 1, annotation_sets: 1, annotation_items: 3, annotations: 4, rulings: 0 });
    for (const [into, from, me] of [[a, b, 'ada'], [b, a, 'bo']] as const) {
      withStore(merged(into, from).path, (s) => {
        expect(s.annotators.list().map((p) => p.name)).toEqual(['ada', 'bo', 'cy', 'di', 'eve']);
        expect(s.annotators.current()?.annotator.name).toBe(me);
        // ada's two labels of item 0 (from A) and her label of item 2 (given in B under the other uid).
        expect(s.annotations.history(items[0]!.itemId, 'ada').map((h) => [h.verdict, h.standing])).toEqual([['wrong', true], ['correct', false]]);
        expect(s.annotations.history(items[2]!.itemId).map((h) => [h.annotator, h.verdict, h.undoneAt !== null])).toEqual([['ada', 'ambiguous', false], ['bo', 'correct', true]]);
        // cy's ruling, undone in A only, is undone.
        expect(s.rulings.all(1).map((r) => [r.adjudicator, r.undoneAt !== null])).toEqual([['cy', true]]);
        const results = annotation.results(s, 1);
        expect(results.adjudication).toBeUndefined();
        expect(results.disagreements.map((d) => d.itemId)).toEqual([items[0]!.itemId, items[1]!.itemId, items[3]!.itemId]);
        // Both "second" sets, the one with the larger uid renamed.
        expect(s.annotations.listSets().map((x) => x.name).sort()).toEqual(['second', expect.stringMatching(/^second \([0-9a-f]{8}\)$/), 'shared']);
      });
    }
  });

  it('is idempotent: merging the same file again adds nothing and changes nothing', () => {
    const { path } = merged(a, b);
    const once = canonicalDump(path, TABLES);
    const again = mergeDatabases(path, [b]);
    for (const table of TABLES) expect(again.files[0]!.added[table] ?? 0, table).toBe(0);
    expect(canonicalDump(path, TABLES)).toEqual(once);
    mergeDatabases(path, [a]);
    expect(canonicalDump(path, TABLES)).toEqual(once);
  });
});
