/**
 * Guess-matching annotation on AGE runs through the API and the CLI: drawing the guesses, labelling
 * them by the rule's decision, recomputed metrics, and applying the accepted corrections, which
 * extends the synonym lists (or the rejected guesses) of every AGE run and rescores it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { textOf } from '../../shared/contract/content';
import type { ModelConfig } from '../../shared/contract/models';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import type { ChatRequest } from '../../electron/engine/players/types';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { edaGame } from '../../electron/engine/games/eda/game';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempDir, tempStore } from '../support/tmp';
import { annotationOf } from '../../electron/engine/capabilities/annotation/provision';

/**
 * Guesses by the seat's word and round. Against bread, "loaf" is a synonym the list lacks (Jaro 0.483:
 * the rule misses it); against cake, "cape" is no cake (Jaro 0.833: the rule accepts it). Round 1 of the
 * cake seat has no guess (never an item). The game ends in round 3, when the cake seat names bread.
 */
const GUESSES: Record<string, Record<number, string>> = {
  cake: { 1: 'none', 2: 'loaf', 3: 'bread' },
  bread: { 1: 'cape', 2: 'cake', 3: 'none' },
};

function reply(request: ChatRequest): string {
  const users = request.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
  const word = /Your secret word is: (\w+)/.exec(users[0]!)![1]!;
  const round = Number([...users.at(-1)!.matchAll(/Round (\d+) of/g)].at(-1)![1]);
  return `DESCRIPTION: It is something you can eat.\nGUESS: ${GUESSES[word]![round]}`;
}

async function ageRun(store: Store, file: string, seed: number): Promise<number> {
  const factory = (c: ModelConfig) => new ScriptedModel(c.model, reply);
  const players = { player: [{ provider: 'scripted', model: 'p1' }, { provider: 'scripted', model: 'p2' }] };
  const config = { preflight: false, game: 'age', dataset: { name: 'mine', file }, settings: { groups: [1, 1], rounds: 3 }, repetitions: 2, seed, players };
  const { runId } = await prepareRun(store, config, { createModel: factory });
  await executeRun(store, runId, { createModel: factory });
  return runId;
}

async function setup() {
  const store = tempStore();
  const file = join(tempDir(), 'pairs.csv');
  writeFileSync(file, 'word_a,word_b\ncake,bread\n');
  const runs = [await ageRun(store, file, 1), await ageRun(store, file, 2)];
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const answer = await service.registry.dispatch(method, input);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.result as ApiOutput<M>;
  };
  // Every guess of the first run's episodes, labelled by ada: `rule` says which guesses she overrules.
  const label = async (name: string, rule: Record<string, 'match' | 'miss'>) => {
    const episodes = store.episodes.list(runs[0]!).map((e) => e.id);
    const set = await call('annotations.create', { name, spec: { runs: [runs[0]!], method: 'episodes', episodes } });
    const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    for (const item of items) {
      const guess = /^guess: (.+?) ·/.exec(item.prompt)![1]!;
      const answer = rule[guess];
      await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: 'ada', ...(answer ? { verdict: 'wrong', answer } : { verdict: 'correct' }) });
    }
    return { set, items };
  };
  /** The seats' scores per episode, by the word each seat held. */
  const byWord = (runId: number) =>
    store.episodes.list(runId).map((e) => Object.fromEntries(e.seats.map((s) => [(s.given as { word: string }).word, e.seatScores[s.seat]!])));
  return { store, runs, call, label, byWord };
}

describe('AGE guess-matching annotation', () => {
  it('draws only replies with a guess, labelled by the rule, and recomputes comprehension with the corrections', async () => {
    const { call, label } = await setup();
    const { set, items } = await label('loaf', { loaf: 'match' });
    expect(items.map((i) => /^guess: (.+?) ·/.exec(i.prompt)![1]).sort()).toEqual(['bread', 'bread', 'cake', 'cake', 'cape', 'cape', 'loaf', 'loaf']);
    expect(items.filter((i) => i.prompt.startsWith('guess: loaf')).map((i) => i.label)).toEqual(['miss', 'miss']);
    expect(items.filter((i) => i.prompt.startsWith('guess: cape')).map((i) => i.label)).toEqual(['match', 'match']);
    const results = await call('annotations.results', { setId: set.id });
    expect(results.overall).toMatchObject({ k: 2, n: 8 });
    const comprehension = results.scoreEffect.metrics.find((m) => m.key === 'comprehension')!;
    expect(results.scoreEffect.changed).toBe(2);
    expect(comprehension.corrected!).toBeGreaterThan(comprehension.asPlayed!);
  });

  it('(a) a missed synonym ruled a match: the preview writes nothing, applying extends synonyms and rescores every AGE run', async () => {
    const { store, runs, call, label, byWord } = await setup();
    const { set } = await label('loaf', { loaf: 'match' });
    const before = runs.map(byWord);
    const preview = await call('annotations.apply', { setId: set.id, dryRun: true });
    expect(preview).toMatchObject({ written: false, accepted: 8, corrections: 2, changes: ['bread: accept “loaf” (synonyms)'], unresolved: [], skipped: [] });
    expect(preview.runs.map((r) => [r.runId, r.changes, r.episodes, r.changed])).toEqual(runs.map((id) => [id, 1, 2, 2]));
    expect(runs.map(byWord)).toEqual(before);

    const applied = await call('annotations.apply', { setId: set.id });
    expect(applied.written).toBe(true);
    expect(applied.runs.map((r) => r.changed)).toEqual([2, 2]);
    for (const [k, runId] of runs.entries()) {
      expect((store.runs.get(runId).config as { settings: Record<string, unknown> }).settings).toMatchObject({ synonyms: { bread: ['loaf'] }, rejected: {} });
      for (const [i, seats] of byWord(runId).entries()) {
        // The cake seat found bread a round earlier; the bread seat's word was guessed earlier.
        expect(seats.cake!.first_guess!).toBeLessThan(before[k]![i]!.cake!.first_guess!);
        expect(seats.cake!.comprehension!).toBeGreaterThan(before[k]![i]!.cake!.comprehension!);
        expect(seats.bread!.first_guess).toBe(before[k]![i]!.bread!.first_guess);
      }
    }
    // Its rules now agree: nothing more to apply.
    expect(await call('annotations.apply', { setId: set.id })).toMatchObject({ changes: [], runs: [] });
  });

  it('(b) a false Jaro match ruled a miss goes to rejected and the scores follow; the CLI says the same', async () => {
    const { store, runs, call, label, byWord } = await setup();
    const { set } = await label('cape', { cape: 'miss' });
    const before = byWord(runs[1]!);
    const dry = await parlor(store.path, ['annotations', 'apply', String(set.id), '--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain('cake: reject “cape” (rejected)');
    expect(dry.stdout).toContain('Would apply (--dry-run)');
    const cli = await parlor(store.path, ['annotations', 'apply', String(set.id), '--json']);
    const applied = JSON.parse(cli.stdout) as ApiOutput<'annotations.apply'>;
    expect(applied).toMatchObject({ written: true, changes: ['cake: reject “cape” (rejected)'] });
    expect(applied.runs.map((r) => r.changed)).toEqual([2, 2]);
    expect((store.runs.get(runs[1]!).config as { settings: Record<string, unknown> }).settings).toMatchObject({ synonyms: {}, rejected: { cake: ['cape'] } });
    for (const [i, seats] of byWord(runs[1]!).entries()) {
      expect(seats.bread!.first_guess!).toBeGreaterThan(before[i]!.bread!.first_guess!);
      expect(seats.bread!.comprehension!).toBeLessThan(before[i]!.bread!.comprehension!);
    }
    await expect(call('annotations.apply', { setId: set.id, dryRun: true })).resolves.toMatchObject({ changes: [] });
  });

  it('annotators split evenly on an item: no accepted label, nothing to apply', async () => {
    const { call, label } = await setup();
    const { set, items } = await label('split', { loaf: 'match' });
    for (const item of items) await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: 'bob', verdict: 'correct' });
    expect(await call('annotations.apply', { setId: set.id, dryRun: true })).toMatchObject({ accepted: 6, corrections: 0, changes: [] });
  });

  it("a game whose labels do not change its rules (EDA) has nothing to apply", async () => {
    const store = tempStore();
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 3 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
    const set = await service.registry.dispatch('annotations.create', { name: 'eda', spec: { runs: [runId], method: 'random', size: 3, seed: 1 } });
    expect(set.ok).toBe(true);
    const setId = (set as { result: { id: number } }).result.id;
    expect(await service.registry.dispatch('annotations.apply', { setId })).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/nothing to apply/) } });
    expect(annotationOf(edaGame)!.info.apply).toBeUndefined();
  });
});
