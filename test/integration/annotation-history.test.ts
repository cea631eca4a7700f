/**
 * Annotators as people, label history and adjudication through the API (issue 28, items 5–7): a
 * relabel keeps the old label, each annotator's newest standing label counts everywhere, undo takes
 * one back without deleting it, the database's annotator is chosen explicitly, and a third person's
 * ruling decides a disputed item in the results and exports without being counted as a vote.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { laterThan } from '../../electron/engine/store/label-time';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { playScripted } from '../support/scripted-run';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';

async function setup() {
  const store = tempStore();
  const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 3 }, {
    guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
    judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
  });
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = apiCaller(service);
  const set = await call('annotations.create', { name: 'check', spec: { runs: [runId], method: 'random', size: 6, seed: 4 } });
  // Items the judge answered yes or no, so "the other one" is always a correction.
  const items = (await call('annotations.queue', { setId: set.id, annotator: 'nobody yet', limit: 50 })).items.filter((i) => i.label === 'yes' || i.label === 'no');
  expect(items.length).toBeGreaterThanOrEqual(4);
  const other = (label: string) => (label === 'yes' ? 'no' : 'yes');
  return { store, call, setId: set.id, items, other };
}

describe('label history', () => {
  it('keeps a relabelled label; the newest counts in the results and exports; undo takes one back and the one before counts again', async () => {
    const { store, call, setId, items, other } = await setup();
    const item = items[0]!;
    await call('annotations.label', { setId, itemId: item.itemId, annotator: 'ada', verdict: 'correct' });
    await call('annotations.label', { setId, itemId: item.itemId, annotator: 'ada', verdict: 'wrong', answer: other(item.label), note: 'second look' });
    const history = await call('annotations.history', { setId, itemId: item.itemId, annotator: 'ada' });
    expect(history.map((h) => [h.verdict, h.state])).toEqual([['wrong', 'standing'], ['correct', 'replaced']]);
    expect(history[0]!.labelledAt > history[1]!.labelledAt).toBe(true);
    // Counted once, as the newest says.
    const results = await call('annotations.results', { setId });
    expect(results.overall).toMatchObject({ k: 1, n: 1 });
    const labels = parse((await call('annotations.export', { setId, what: 'labels', format: 'csv' })).content, { columns: true }) as Record<string, string>[];
    expect(labels.map((l) => [l.Annotator, l.Verdict, l.Note])).toEqual([['ada', 'wrong', 'second look']]);
    expect((await call('annotations.mine', { setId, annotator: 'ada' })).map((m) => m.verdict)).toEqual(['wrong']);

    // Undo: the relabel is marked undone (kept), the first label counts again, the item stays done.
    await call('annotations.undo', { setId, annotator: 'ada' });
    expect((await call('annotations.history', { setId, itemId: item.itemId, annotator: 'ada' })).map((h) => [h.verdict, h.state])).toEqual([['wrong', 'undone'], ['correct', 'standing']]);
    expect((await call('annotations.results', { setId })).overall).toMatchObject({ k: 0, n: 1 });
    expect((await call('annotations.queue', { setId, annotator: 'ada', limit: 50 })).items.map((i) => i.itemId)).not.toContain(item.itemId);
    // Undo again: nothing of ada's stands; the item is back in her queue, first.
    await call('annotations.undo', { setId, annotator: 'ada' });
    expect((await call('annotations.queue', { setId, annotator: 'ada', limit: 50 })).items[0]!.itemId).toBe(item.itemId);
    expect((await call('annotations.history', { setId, itemId: item.itemId, annotator: 'ada' })).map((h) => h.state)).toEqual(['undone', 'undone']);
    expect(store.annotations.labels(setId)).toEqual([]);
  });

  it("lists only the asker's own history on the labelling side, so labels stay independent", async () => {
    const { call, setId, items, other } = await setup();
    const item = items[0]!;
    await call('annotations.label', { setId, itemId: item.itemId, annotator: 'ada', verdict: 'correct' });
    await call('annotations.label', { setId, itemId: item.itemId, annotator: 'bo', verdict: 'wrong', answer: other(item.label) });
    expect((await call('annotations.history', { setId, itemId: item.itemId, annotator: 'bo' })).map((h) => h.annotator)).toEqual(['bo']);
    await expect(call('annotations.history', { setId, itemId: 99_999, annotator: 'bo' })).rejects.toThrow(/Item 99999 is not in annotation set/);
  });

  it('two labels within one millisecond get distinct, ordered times', async () => {
    const { store, setId, items } = await setup();
    const ada = store.annotators.ensure('ada');
    for (const verdict of ['correct', 'ambiguous', 'skip']) store.annotations.label({ itemId: items[0]!.itemId, annotatorId: ada.id, verdict, answer: null, note: null });
    const times = store.annotations.history(items[0]!.itemId).map((h) => h.labelledAt);
    expect(new Set(times).size).toBe(3);
    expect([...times].sort().reverse()).toEqual(times);
    expect(store.annotations.labels(setId).map((l) => l.verdict)).toEqual(['skip']);
    expect(laterThan('2026-01-01T00:00:00.000Z', new Date('2025-01-01T00:00:00.000Z'))).toBe('2026-01-01T00:00:00.001Z');
    expect(laterThan('2026-01-01T00:00:00.000Z', new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('annotators', () => {
  it('are chosen explicitly: nobody until chosen, unknown names refused, a name differing only in case refused, a pack can fix one', async () => {
    const { store, call, setId, items } = await setup();
    expect(await call('annotators.list', {})).toEqual({ annotators: [], current: null, fixed: false });
    await call('annotations.label', { setId, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'correct' });
    // Labelling registers the named person, but chooses nobody for the database.
    const listed = await call('annotators.list', {});
    expect(listed.annotators.map((a) => a.name)).toEqual(['ada']);
    expect(listed.current).toBeNull();
    expect(listed.annotators[0]!.uid).toMatch(/^[0-9a-f-]{36}$/);
    await expect(call('annotators.create', { name: 'ADA' })).rejects.toThrow(/conflict: An annotator named "ada" already exists/);
    await expect(call('annotators.use', { name: 'bo' })).rejects.toThrow(/not_found: No annotator named "bo"/);
    await call('annotators.create', { name: 'bo' });
    expect((await call('annotators.use', { name: 'bo' })).current?.name).toBe('bo');
    expect((await call('annotators.use', { name: 'ada' })).current?.name).toBe('ada');
    store.annotators.use(store.annotators.byName('ada')!.id, true);
    await expect(call('annotators.use', { name: 'bo' })).rejects.toThrow(/packed for ada/);
    expect((await call('annotators.list', {})).fixed).toBe(true);
  });
});

describe('adjudication', () => {
  it('queues disagreements (ties first) for a third person, whose ruling decides the item in results and exports but is not a vote', async () => {
    const { call, setId, items, other } = await setup();
    const [agreed, tied, outvoted] = items;
    const label = (itemId: number, annotator: string, wrong: string | null) =>
      call('annotations.label', { setId, itemId, annotator, ...(wrong ? { verdict: 'wrong' as const, answer: wrong } : { verdict: 'correct' as const }) });
    await label(agreed!.itemId, 'ada', null);
    await label(agreed!.itemId, 'bo', null);
    await label(tied!.itemId, 'ada', null);
    await label(tied!.itemId, 'bo', other(tied!.label));
    // Outvoted: ada and bo say the judge is wrong, di says it is right.
    await label(outvoted!.itemId, 'ada', other(outvoted!.label));
    await label(outvoted!.itemId, 'bo', other(outvoted!.label));
    await label(outvoted!.itemId, 'di', null);
    const before = await call('annotations.results', { setId });
    expect(before).toMatchObject({ ties: 1, judged: 2 });
    expect(before.adjudication).toBeUndefined();

    const queue = await call('annotations.review', { setId });
    expect(queue.queue.map((q) => [q.item.itemId, q.majority])).toEqual([[tied!.itemId, null], [outvoted!.itemId, other(outvoted!.label)]]);
    expect(queue.disputed).toBe(2);
    const asAda = await call('annotations.review', { setId, adjudicator: 'ada' });
    expect([asAda.queue.length, asAda.labelledByYou]).toEqual([0, 2]);
    await expect(call('annotations.rule', { setId, itemId: tied!.itemId, adjudicator: 'ada', verdict: 'correct' })).rejects.toThrow(/ada labelled item \d+: a ruling comes from someone who did not label it/);
    await expect(call('annotations.rule', { setId, itemId: agreed!.itemId, adjudicator: 'cy', verdict: 'correct' })).rejects.toThrow(/is not disputed/);
    await expect(call('annotations.rule', { setId, itemId: tied!.itemId, adjudicator: 'cy', verdict: 'skip' as 'correct' })).rejects.toThrow(/verdict/);

    // cy rules the tie "the judge was wrong" and overrules the majority on the other.
    expect(await call('annotations.rule', { setId, itemId: tied!.itemId, adjudicator: 'cy', verdict: 'wrong', answer: other(tied!.label), note: 'read the rules' })).toEqual({ waiting: 1 });
    expect(await call('annotations.rule', { setId, itemId: outvoted!.itemId, adjudicator: 'cy', verdict: 'correct' })).toEqual({ waiting: 0 });
    const after = await call('annotations.results', { setId });
    expect(after).toMatchObject({ ties: 0, judged: 3, adjudication: { items: 2, rate: { k: 1, n: 2 } } });
    // Wrong before: the outvoted item (the majority said so). Now: the tie, ruled wrong.
    expect([before.overall.k, after.overall.k]).toEqual([1, 1]);
    expect(after.agreement).toEqual(before.agreement);
    expect(after.disagreements.map((d) => [d.itemId, d.ruling])).toEqual(
      [[tied!.itemId, { answer: other(tied!.label), adjudicator: 'cy' }], [outvoted!.itemId, { answer: outvoted!.label, adjudicator: 'cy' }]].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // The rulings are not labels: cy is no annotator of the set.
    expect((await call('annotations.get', { setId })).annotators).toEqual(['ada', 'bo', 'di']);

    const labels = parse((await call('annotations.export', { setId, what: 'labels', format: 'csv' })).content, { columns: true }) as Record<string, string>[];
    expect(labels.filter((l) => Number(l.Item) === tied!.itemId).map((l) => [l.Annotator, l.Ruling, l.Adjudicator])).toEqual([['ada', other(tied!.label), 'cy'], ['bo', other(tied!.label), 'cy']]);
    expect(labels.filter((l) => Number(l.Item) === agreed!.itemId).map((l) => l.Ruling)).toEqual(['', '']);
    const rows = parse((await call('annotations.export', { setId, what: 'results', format: 'csv' })).content, { columns: true }) as Record<string, string>[];
    expect(rows.at(-1)).toMatchObject({ group: 'adjudicated', value: 'all', errors: '1', n: '2' });

    const review = await call('annotations.review', { setId, adjudicator: 'cy' });
    const ruled = review.ruled.find((r) => r.item.itemId === tied!.itemId)!;
    expect(ruled.ruling).toMatchObject({ adjudicator: 'cy', verdict: 'wrong', note: 'read the rules', state: 'standing' });
    expect(ruled.history.map((h) => h.annotator).sort()).toEqual(['ada', 'bo']);

    // Undo: the newest ruling is kept, marked undone; its item waits again.
    expect(await call('annotations.undoRuling', { setId, adjudicator: 'cy' })).toEqual({ itemId: outvoted!.itemId });
    const undone = await call('annotations.review', { setId, adjudicator: 'cy' });
    expect(undone.queue.map((q) => q.item.itemId)).toEqual([outvoted!.itemId]);
    expect(undone.queue[0]!.rulings.map((r) => r.state)).toEqual(['undone']);
    expect((await call('annotations.results', { setId })).adjudication).toMatchObject({ items: 1 });
    expect(await call('annotations.undoRuling', { setId, adjudicator: 'nobody' })).toEqual({ itemId: null });
  });
});
