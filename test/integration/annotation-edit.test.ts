import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';

async function setup() {
  const store = tempStore();
  const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 5 }, {
    guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
    judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
  });
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = apiCaller(service);
  const set = await call('annotations.create', { name: 'edit', spec: { runs: [runId], method: 'random', size: 6, seed: 2 } });
  const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
  return { store, set, items, call };
}

describe('editing earlier labels, progress per annotator, disagreements, readable CSV', () => {
  it("relabels any earlier item (not only the last) and lists the annotator's labels newest first", async () => {
    const { set, items, call } = await setup();
    const accepted = items.filter((i) => i.label === 'yes' || i.label === 'no').slice(0, 3);
    expect(accepted).toHaveLength(3);
    for (const it of accepted) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'correct' });
    const before = await call('annotations.mine', { setId: set.id, annotator: 'ada' });
    expect(before.map((m) => m.item.itemId)).toEqual(accepted.map((i) => i.itemId).reverse());
    expect(before[2]).toMatchObject({ verdict: 'correct', answer: accepted[0]!.label, item: { prompt: accepted[0]!.prompt } });

    // The first label, two labels back, is changed: the item keeps one label, the newest, and the count stays.
    const first = accepted[0]!;
    const other = first.label === 'yes' ? 'no' : 'yes';
    const { progress } = await call('annotations.label', { setId: set.id, itemId: first.itemId, annotator: 'ada', verdict: 'wrong', answer: other, note: 'second look' });
    expect(progress.done).toBe(3);
    const after = await call('annotations.mine', { setId: set.id, annotator: 'ada' });
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ verdict: 'wrong', answer: other, note: 'second look', item: { itemId: first.itemId } });
    const results = await call('annotations.results', { setId: set.id });
    expect(results.overall).toMatchObject({ k: 1, n: 3 });
    expect(await call('annotations.mine', { setId: set.id, annotator: 'bob' })).toEqual([]);
  });

  it("gives every annotator's done/total, and lists the items they disagree on with each verdict", async () => {
    const { set, items, call } = await setup();
    expect(await call('annotations.progress', { setId: set.id, annotator: 'cy' })).toEqual([{ annotator: 'cy', done: 0, total: 6, remaining: 6 }]);
    const [a, b, c] = items;
    for (const it of [a!, b!, c!]) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'ambiguous' });
    await call('annotations.label', { setId: set.id, itemId: a!.itemId, annotator: 'bob', verdict: 'ambiguous' });
    await call('annotations.label', { setId: set.id, itemId: b!.itemId, annotator: 'bob', verdict: 'wrong', answer: 'dunno' });
    await call('annotations.label', { setId: set.id, itemId: c!.itemId, annotator: 'bob', verdict: 'skip' });
    expect(await call('annotations.progress', { setId: set.id })).toEqual([
      { annotator: 'ada', done: 3, total: 6, remaining: 3 },
      { annotator: 'bob', done: 2, total: 6, remaining: 4 },
    ]);
    const { disagreements } = await call('annotations.results', { setId: set.id });
    expect(disagreements).toEqual([
      {
        itemId: b!.itemId, position: b!.position, episodeId: b!.episodeId, round: b!.round, instance: b!.instance, label: b!.label, majority: null,
        verdicts: [{ annotator: 'ada', answer: 'ambiguous' }, { annotator: 'bob', answer: 'dunno' }],
      },
    ]);
  });

  it('writes the labels CSV with readable headers; JSONL and `--headers keys` keep the machine names', async () => {
    const { store, set, items, call } = await setup();
    await call('annotations.label', { setId: set.id, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'ambiguous' });
    const csv = await call('annotations.export', { setId: set.id, what: 'labels', format: 'csv' });
    expect(csv.content.split('\r\n')[0]).toBe('Set,Item,Position,Run,Episode,Turn,Entity,Dataset,Judge model,Question,Judge raw,Judge label,Annotator,Verdict,Correct answer,Note,Labelled at (UTC)');
    const jsonl = await call('annotations.export', { setId: set.id, what: 'labels', format: 'jsonl' });
    expect(Object.keys(JSON.parse(jsonl.content.split('\n')[0]!))).toContain('episode_id');
    const cli = await parlor(store.path, ['annotations', 'export', String(set.id)]);
    expect(cli.stdout).toBe(csv.content);
    const keys = await parlor(store.path, ['annotations', 'export', String(set.id), '--headers', 'keys']);
    expect(keys.stdout.split('\r\n')[0]).toBe('set_id,item_id,position,run_id,episode_id,turn,entity,dataset,judge_model,question,judge_raw,judge_label,annotator,verdict,correct_answer,note,labelled_at');
    const bad = await parlor(store.path, ['annotations', 'export', String(set.id), '--headers', 'nice']);
    expect(bad.stderr).toMatch(/--headers must be readable or keys, not "nice"/);
  });

  it("shows the game's guidelines with the queue and refuses bad input for the new methods", async () => {
    const { set, call } = await setup();
    const { info } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 1 });
    expect(info.guidelines).toMatch(/Yes, No, Maybe/);
    await expect(call('annotations.mine', { setId: set.id, annotator: ' ' })).rejects.toThrow(/give your name/);
    await expect(call('annotations.progress', { setId: 999 })).rejects.toThrow(/not_found/);
  });
});
