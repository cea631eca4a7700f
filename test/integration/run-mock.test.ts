/** Whole runs through the real SDKs and the loopback mock provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDA_PROMPTS } from '../../electron/engine/games/eda/settings';
import { runReport } from '../../electron/engine/analysis/run-report';
import { executeRun } from '../../electron/engine/runner/execute';
import { PreflightError, prepareRun } from '../../electron/engine/runner/prepare';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';
import { turnsOf } from '../support/eda';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const players = (guesser: string, judge: string, provider: 'openai' | 'anthropic' = 'openai') => {
  const baseUrl = provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl;
  return { guesser: { provider, model: guesser, baseUrl }, judge: { provider, model: judge, baseUrl } };
};

describe('a run against the mock provider', () => {
  it('plays every episode, stores every turn and call, and sends the published prompts', async () => {
    const store = tempStore();
    const before = mock.requests.length;
    const { runId } = await prepareRun(store, { dataset: { name: 'things', split: 'test' }, limit: 4, repetitions: 2, seed: 7, players: players('mock-guesser', 'mock-judge') });
    const result = await executeRun(store, runId);
    expect(result).toMatchObject({ status: 'done', done: 8, errors: 0, total: 8 });

    const episodes = store.episodes.list(runId);
    let calls = 0;
    for (const episode of episodes) {
      const turns = turnsOf(store, episode.id);
      expect(turns.map((t) => t.idx)).toEqual(turns.map((_, i) => i + 1));
      expect(episode.scores!.turns).toBe(turns.length);
      const stored = store.models.calls(episode.id);
      expect(stored.every((c) => c.status === 'ok' && c.response !== null)).toBe(true);
      expect(stored).toHaveLength(turns.length + turns.filter((t) => t.label !== 'bingo').length);
      calls += stored.length;
    }
    // Two preflight calls plus the episodes' calls went over the wire, no more.
    expect(mock.requests.length - before).toBe(calls + 2);

    const wire = mock.requests.slice(before + 2);
    const firstGuess = wire.find((r) => (r.body.messages as unknown[]).length === 1 && r.body.model === 'mock-guesser')!;
    expect(firstGuess.body).toMatchObject({ temperature: 0.8, max_tokens: 64, messages: [{ role: 'user', content: EDA_PROMPTS.things.guesser }] });
    const oarTurn = turnsOf(store, episodes[0]!.id)[0]!;
    const judgeCall = store.models.calls(episodes[0]!.id).find((c) => c.id === oarTurn.judgeCallId)!;
    expect(judgeCall.request).toMatchObject({
      temperature: 0.2,
      max_tokens: 6,
      messages: [{ role: 'user', content: EDA_PROMPTS.things.judge.replace('{entity}', 'Oar').replace('{question}', oarTurn.question) }],
    });
  });

  it('gives the same games for the same seed (the seed reaches the server)', async () => {
    const play = async () => {
      const store = tempStore();
      const { runId } = await prepareRun(store, { dataset: { name: 'celebrities', split: 'test' }, limit: 3, repetitions: 2, seed: 99, preflight: false, players: players('mock-guesser', 'mock-judge') });
      await executeRun(store, runId);
      return store.episodes.list(runId).map((e) => turnsOf(store, e.id).map((t) => t.question));
    };
    const [a, b] = [await play(), await play()];
    expect(a).toEqual(b);
    expect(a[0]).not.toEqual(a[3]); // repetitions differ
  });

  it('plays through the Anthropic SDK too', async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, { dataset: { name: 'celebrities', split: 'test' }, limit: 2, repetitions: 1, players: players('mock-guesser', 'mock-judge', 'anthropic') });
    expect((await executeRun(store, runId)).done).toBe(2);
  });

  it('refuses to start when a model does not exist, and stores no run', async () => {
    const store = tempStore();
    const attempt = prepareRun(store, { dataset: { name: 'things' }, players: players('mock-guesser', 'gpt-3.5-turbo-0613') });
    await expect(attempt).rejects.toThrow(PreflightError);
    await expect(prepareRun(store, { dataset: { name: 'things' }, players: players('mock-guesser', 'gpt-3.5-turbo-0613') })).rejects.toThrow(
      /judge: .*gpt-3\.5-turbo-0613.*does not exist/,
    );
    expect(store.runs.list()).toEqual([]);
  });

  it('marks episodes whose calls keep failing as errors, not losses, and the report excludes them', async () => {
    const store = tempStore();
    const config = { dataset: { name: 'things' }, limit: 3, repetitions: 1, preflight: false, players: players('mock-guesser', 'mock-server-error') };
    config.players.judge = { ...config.players.judge, maxAttempts: 1 } as typeof config.players.judge;
    const { runId } = await prepareRun(store, config);
    const result = await executeRun(store, runId);
    expect(result).toMatchObject({ done: 0, errors: 3 });
    const episodes = store.episodes.list(runId);
    expect(episodes.every((e) => e.status === 'error' && e.errorKind === 'server' && e.outcome === null)).toBe(true);
    const { report } = runReport(store, runId);
    expect(report).toMatchObject({ errors: 3, done: 0 });
    expect(report.metrics.score).toBeNull();
  });
});
