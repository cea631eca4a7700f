/**
 * Failure-mode tags on hand-worked games: the scripted guesser guesses "guitar" at turn 3 after two
 * Yes answers (early enumeration, every game) and then asks it again and again on Piano and Violin
 * (redundancy at turns 4–20). Counts with their intervals, an LLM tagger through the real SDK against
 * the mock, reviews that reject and add, the exports and the CLI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureTagsView, reviewFailureTag } from '../../electron/engine/capabilities/failure-modes/tags';
import { failureCountsCsv, failureCountsLatex } from '../../electron/engine/capabilities/failure-modes/files';
import { readTaggerReply, tagWithModel } from '../../electron/engine/capabilities/failure-modes/tagger';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { playScriptedEda } from '../support/eda-scripted';
import { playScripted } from '../support/scripted-run';
import { ScriptedModel } from '../../electron/engine/players/scripted';

let mock: MockProvider;
let dir: string;
let db: string;
let store: Store;
let runId: number;

beforeAll(async () => {
  mock = await startMockProvider();
  dir = mkdtempSync(join(tmpdir(), 'parlor-tags-'));
  db = join(dir, 'p.db');
  store = Store.open(db);
  runId = await playScriptedEda(store, dir);
});
afterAll(async () => {
  store.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (view: ReturnType<typeof failureTagsView>, mode: string) => view.counts.find((c) => c.mode === mode)!;

describe('failure-mode tags', () => {
  it("finds the rules' tags and counts them per model with intervals (by hand)", () => {
    const view = failureTagsView(store, [runId]);
    expect(view.rules).toEqual({ minYes: 3, minRun: 3, framePrefix: 4, similarity: 0.8 });
    const piano = store.episodes.list(runId).find((e) => e.instance.name === 'Piano')!;
    const mine = view.tags.filter((t) => t.episodeId === piano.id);
    expect(mine.map((t) => [t.round, t.mode])).toEqual([[3, 'early_enumeration'], ...Array.from({ length: 17 }, (_, i) => [i + 4, 'redundancy'])]);
    expect(mine[0]!.reasons[0]).toMatch(/guesses Guitar after only 2 'yes' answers/);
    expect(mine[1]!.context).toEqual([{ round: 3, move: 'Is it a guitar?', reply: 'Yes.' }, { round: 4, move: 'Is it a guitar?', reply: 'Yes.' }]);

    // Early enumeration in all 6 games: Wilson 95% for 6/6 is [0.6097, 1].
    expect(count(view, 'early_enumeration')).toMatchObject({ player: 'scripted:script', games: 6, tagged: 6, rate: 1, high: 1 });
    expect(count(view, 'early_enumeration').low).toBeCloseTo(0.6097, 4);
    // Redundancy in the 4 lost games, 17 tags each: 68/6 per game.
    expect(count(view, 'redundancy')).toMatchObject({ tagged: 4 });
    expect(count(view, 'redundancy').perGame).toBeCloseTo(68 / 6, 12);
    expect(count(view, 'inconsistency')).toMatchObject({ tagged: 0, rate: 0 });
    // A stricter threshold changes what is found: with minYes 2 the guess at turn 3 (after 2 Yes) is not early.
    expect(count(failureTagsView(store, [runId], { rules: { minYes: 2 } }), 'early_enumeration').tagged).toBe(0);
    expect(() => failureTagsView(store, [runId], { rules: { minyes: 2 } })).toThrow(/Unknown failure-mode rule "minyes"/);
  });

  it('an LLM tagger through the real SDK adds suggestions, skips what it read, and stores what it could not read', async () => {
    const model = { provider: 'openai' as const, model: 'mock-tagger', baseUrl: mock.openaiBaseUrl };
    const first = await tagWithModel(store, [runId], model);
    expect(first).toEqual({ source: 'llm:openai:mock-tagger', tagged: 6, alreadyTagged: 0, failed: 0, tags: 68, dropped: 0 });
    expect(await tagWithModel(store, [runId], model)).toMatchObject({ tagged: 0, alreadyTagged: 6 });
    const seen: [number, number][] = [];
    await tagWithModel(store, [runId], { ...model, model: 'mock-tagger-b' }, { onEpisode: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((k) => [k, 6]));
    const llm = failureTagsView(store, [runId], { sources: ['llm:openai:mock-tagger'] });
    expect(llm.available).toEqual(['llm:openai:mock-tagger', 'llm:openai:mock-tagger-b', 'rules']);
    expect(count(llm, 'redundancy')).toMatchObject({ tagged: 4 });
    expect(count(llm, 'early_enumeration')).toMatchObject({ tagged: 0 });
    const both = failureTagsView(store, [runId], { sources: ['rules', 'llm:openai:mock-tagger'] });
    expect(both.tags.find((t) => t.mode === 'redundancy')!.sources).toEqual(['rules', 'llm:openai:mock-tagger']);
    // An echo "tagger" returns the prompt, which holds no JSON array: stored as failed, nothing lost.
    const echo = await tagWithModel(store, [runId], { provider: 'openai', model: 'mock-echo', baseUrl: mock.openaiBaseUrl });
    expect(echo).toMatchObject({ tagged: 0, failed: 6 });
    expect(readTaggerReply('Sure:\n```json\n[{"turn": 2, "mode": "redundancy", "reason": "x"}]\n```')).toEqual([{ turn: 2, mode: 'redundancy', reason: 'x' }]);
    expect(readTaggerReply('none found')).toBeNull();
  });

  it('reviews reject and add tags, and the counts follow the last word', () => {
    const [guitar] = store.episodes.list(runId).filter((e) => e.instance.name === 'Guitar');
    reviewFailureTag(store, { episodeId: guitar!.id, round: 3, mode: 'early_enumeration', reviewer: 'ada', verdict: 'rejected' });
    reviewFailureTag(store, { episodeId: guitar!.id, round: 2, mode: 'inconsistency', reviewer: 'ada', verdict: 'added', note: 'asks about music after…' });
    const view = failureTagsView(store, [runId]);
    expect(count(view, 'early_enumeration').tagged).toBe(5);
    expect(count(view, 'inconsistency').tagged).toBe(1);
    expect(view.reviewed).toBe(2);
    const added = view.tags.find((t) => t.episodeId === guitar!.id && t.mode === 'inconsistency')!;
    expect(added).toMatchObject({ status: 'added', sources: ['person'], round: 2 });
    reviewFailureTag(store, { episodeId: guitar!.id, round: 3, mode: 'early_enumeration', reviewer: 'ada', verdict: 'confirmed' });
    expect(count(failureTagsView(store, [runId]), 'early_enumeration').tagged).toBe(6);
    expect(() => reviewFailureTag(store, { episodeId: guitar!.id, round: 9, mode: 'redundancy', reviewer: 'ada', verdict: 'added' })).toThrow(/has no turn 9; its turns are 1–3/);
    expect(() => reviewFailureTag(store, { episodeId: guitar!.id, round: 2, mode: 'rambling', reviewer: 'ada', verdict: 'added' })).toThrow(/"rambling" is not a failure mode/);
  });

  it('exports counts as CSV and LaTeX, and parlor tags prints them', async () => {
    const view = failureTagsView(store, [runId]);
    const csv = failureCountsCsv(view).split('\r\n');
    expect(csv[0]).toBe('model,mode,games,tagged_games,share,share_low,share_high,tags_per_game,per_game_low,per_game_high,counted');
    expect(csv[1]).toMatch(/^scripted:script,early_enumeration,6,6,1,0\.60966/);
    expect(failureCountsLatex(view)).toContain('Early enumeration');
    const out = await parlor(db, ['tags', String(runId)]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/scripted:script/);
    expect(out.stdout).toMatch(/redundancy/i);
    const tex = await parlor(db, ['tags', String(runId), '--format', 'latex']);
    expect(tex.stdout).toContain('\\begin{tabular}');
    const bad = await parlor(db, ['tags', String(runId), '--rule', 'minYes=0']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/minYes must be a whole number of at least 1/);
  });

  it('lists a tag’s evidence in the order the game was played, the tagged turn among its later related turns', async () => {
    // A guesser that names things from its first questions, the judge saying No: the first guess of an
    // entity is early enumeration, and the later early guesses are its related turns.
    const own = Store.open(join(dir, 'evidence.db'));
    try {
      const guesses = ['Is it a cat?', 'Is it a dog?', 'Is it a fish?'];
      const guesser = new ScriptedModel('early', (r) => guesses[r.messages.filter((m) => m.role === 'assistant').length] ?? 'Is it alive?');
      const judge = new ScriptedModel('no', () => 'No.');
      const id = await playScripted(own, { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1, seed: 2, settings: { maxTurns: 4 } }, { guesser, judge });
      const early = failureTagsView(own, [id]).tags.find((t) => t.mode === 'early_enumeration')!;
      // "Dog" is the first entity of the list named (turn 2), "Fish" the later one it relates to (turn 3).
      expect([early.round, early.related]).toEqual([2, [3]]);
      expect(early.context.map((c) => [c.round, c.move])).toEqual([[2, 'Is it a dog?'], [3, 'Is it a fish?']]);
    } finally {
      own.close();
    }
  });
});
