import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { edaGame } from '../../electron/engine/games/eda/game';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';
import { annotationOf } from '../../electron/engine/capabilities/annotation/provision';

async function setup() {
  const store = tempStore();
  const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 5, repetitions: 2, seed: 3 }, {
    guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
    judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
  });
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = apiCaller(service);
  return { store, runId, call };
}

describe('annotation sets through the API', () => {
  it('draws a set, labels by queue, undoes, and reports; the CLI report says the same', async () => {
    const { store, runId, call } = await setup();
    const judgeTurns = store.annotations.candidates([runId], annotationOf(edaGame)!.target, 'label');
    const preview = await call('annotations.preview', { spec: { runs: [runId], method: 'stratified', size: 12, strata: ['label'], seed: 4 } });
    expect(preview.available).toBe(judgeTurns.length);
    expect(preview.size).toBe(12);

    const set = await call('annotations.create', { name: 'check', spec: { runs: [runId], method: 'random', size: 12, seed: 4 } });
    expect(set).toMatchObject({ items: 12, labelledItems: 0, method: 'random', seed: 4 });
    await expect(call('annotations.create', { name: 'check', spec: { runs: [runId], method: 'random', size: 3 } })).rejects.toThrow(/conflict: .*already exists/);

    const first = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    expect(first.items).toHaveLength(12);
    expect(first.progress).toEqual({ done: 0, total: 12, remaining: 12 });
    const item = first.items[3]!;
    expect(item.context.map((c) => c.round)).toEqual(Array.from({ length: item.round - 1 }, (_, i) => i + 1));
    expect(first.info).toMatchObject({ producer: 'judge', labels: [{ id: 'yes', key: 'y' }, { id: 'no', key: 'n' }, { id: 'maybe', key: 'm' }, { id: 'dunno', key: 'd' }] });

    // Label all: the first two are judged wrong, one is ambiguous, one skipped, the rest accepted.
    let wrong = 0;
    for (const [i, it] of first.items.entries()) {
      if (i < 2) {
        const answer = it.label === 'yes' ? 'no' : 'yes';
        await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'wrong', answer, note: 'checked' });
        wrong++;
      } else if (i === 2) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'ambiguous' });
      else if (i === 3) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'skip' });
      else if (it.label === 'other') await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'wrong', answer: 'no' }).then(() => wrong++);
      else await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'correct' });
    }
    // The skipped item comes back at the end of the queue.
    const again = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    expect(again.items.map((i) => i.itemId)).toEqual([item.itemId]);
    expect(again.progress).toEqual({ done: 11, total: 12, remaining: 1 });

    // Undo takes back the newest label (the last accepted one) and returns its item.
    const undone = await call('annotations.undo', { setId: set.id, annotator: 'ada' });
    expect(undone.item!.itemId).toBe(first.items[11]!.itemId);
    expect(undone.progress.done).toBe(10);
    await call('annotations.label', { setId: set.id, itemId: undone.item!.itemId, annotator: 'ada', verdict: 'correct' });

    const results = await call('annotations.results', { setId: set.id });
    expect(results).toMatchObject({ items: 12, judged: 10, ambiguous: 1, unlabelled: 1 });
    expect(results.overall.k).toBe(wrong);
    expect(results.overall.n).toBe(10);

    const cli = await parlor(store.path, ['annotations', 'report', String(set.id), '--json']);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)).toEqual(results);
    const text = await parlor(store.path, ['annotations', 'report', String(set.id)]);
    expect(text.stdout).toContain(`Judge error rate: ${(100 * (wrong / 10)).toFixed(2)}%`);

    const labels = await call('annotations.export', { setId: set.id, what: 'labels', format: 'csv' });
    const lines = labels.content.trim().split('\r\n');
    expect(lines[0]).toBe('Set,Item,Position,Run,Episode,Turn,Entity,Dataset,Judge model,Question,Judge raw,Judge label,Annotator,Verdict,Correct answer,Note,Labelled at (UTC)');
    expect(lines).toHaveLength(13);
    const jsonl = await call('annotations.export', { setId: set.id, what: 'results', format: 'jsonl' });
    expect(JSON.parse(jsonl.content.split('\n')[0]!)).toMatchObject({ group: 'overall', errors: wrong, n: 10 });
  });

  it('recomputes #Yes with the corrected answers, counting only corrections that change it (by hand)', async () => {
    const { store, runId, call } = await setup();
    const episode = store.episodes.list(runId).find((e) => e.status === 'done' && store.annotations.candidates([runId], annotationOf(edaGame)!.target, 'label').some((c) => c.episodeId === e.id && c.label === 'yes'))!;
    const set = await call('annotations.create', { name: 'one episode', spec: { runs: [runId], method: 'episodes', episodes: [episode.id], seed: 1 } });
    const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    const yes = items.find((i) => i.label === 'yes')!;
    const no = items.find((i) => i.label === 'no');
    // A yes that should have been no: #Yes − 1. A no that should have been maybe: #Yes unchanged.
    await call('annotations.label', { setId: set.id, itemId: yes.itemId, annotator: 'ada', verdict: 'wrong', answer: 'no' });
    if (no) await call('annotations.label', { setId: set.id, itemId: no.itemId, annotator: 'ada', verdict: 'wrong', answer: 'maybe' });
    const effect = (await call('annotations.results', { setId: set.id })).scoreEffect;
    expect(effect).toMatchObject({ episodes: 1, changed: 1 });
    expect(effect.metrics).toEqual([{ key: 'yes', label: '#Yes', asPlayed: episode.scores!.yes, corrected: episode.scores!.yes! - 1 }]);
    expect(effect.note).toMatch(/cannot be/);
  });

  it('an overlap subset is labelled by everyone, the rest once; agreement uses the shared items', async () => {
    const { runId, call } = await setup();
    const set = await call('annotations.create', { name: 'pair', spec: { runs: [runId], method: 'random', size: 10, seed: 1, overlap: 4 } });
    const ada = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    // Ada labels everything; Bob then gets only the 4 overlap items.
    for (const it of ada.items) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'ambiguous' });
    const bob = await call('annotations.queue', { setId: set.id, annotator: 'bob', limit: 50 });
    expect(bob.items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(bob.progress).toEqual({ done: 0, total: 4, remaining: 4 });
    for (const it of bob.items) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'bob', verdict: 'ambiguous' });
    const results = await call('annotations.results', { setId: set.id });
    expect(results.agreement).toMatchObject({ annotators: ['ada', 'bob'], method: 'cohen', sharedItems: 4 });
    expect(results.agreement.kappa!.observed).toBe(1);
  });

  it('refuses impossible labels and specs with specific messages', async () => {
    const { runId, call } = await setup();
    await expect(call('annotations.create', { name: 'x', spec: { runs: [runId], method: 'stratified', size: 5 } })).rejects.toThrow(/strata: choose what to stratify by/);
    await expect(call('annotations.create', { name: 'x', spec: { runs: [999], method: 'random', size: 5 } })).rejects.toThrow(/not_found: No run with id 999/);
    const set = await call('annotations.create', { name: 'x', spec: { runs: [runId], method: 'random', size: 3 } });
    const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 5 });
    await expect(call('annotations.label', { setId: set.id, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'wrong' })).rejects.toThrow(/Say what the correct answer is/);
    await expect(call('annotations.label', { setId: set.id, itemId: 99999, annotator: 'ada', verdict: 'skip' })).rejects.toThrow(/not in annotation set/);
    await expect(call('annotations.queue', { setId: set.id, annotator: '  ', limit: 5 })).rejects.toThrow(/give your name/);
  });
});
