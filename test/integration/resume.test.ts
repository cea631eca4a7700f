/** Interrupted, failed and cached runs: resume, retry errors, replay, rescore, budget. */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/contract/events';
import { rescoreRun } from '../../electron/engine/analysis/rescore';
import { executeRun, retryErrors } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { replayRun } from '../../electron/engine/runner/replay';
import { Store } from '../../electron/engine/store/store';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor, startParlor, waitFor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempDir, tempStore } from '../support/tmp';
import { mockEdaPlayers, runOutcomes, turnsOf } from '../support/eda';

let mock: MockProvider;
let slow: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
  slow = await startMockProvider({ latencyMs: 8 });
});
afterAll(async () => {
  await mock.close();
  await slow.close();
});


describe('resume after SIGKILL', () => {
  it('killed at several points and resumed, the run ends with no lost or duplicated turn and the uninterrupted metrics', async () => {
    const reference = tempStore();
    const config = { dataset: { name: 'things', subset: 'test' }, limit: 15, repetitions: 2, seed: 21, concurrency: 6 };
    const { runId: refId } = await prepareRun(reference, { ...config, players: mockEdaPlayers(slow.openaiBaseUrl) });
    await executeRun(reference, refId);

    const db = join(tempDir(), 'p.db');
    const flags = ['--limit', '15', '-r', '2', '--seed', '21', '--concurrency', '6'];
    const base = ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', slow.openaiBaseUrl, ...flags];
    let child = startParlor(db, base);
    // Opened once Parlor has made the file: an empty file at the path would be refused as not a database.
    await waitFor(() => existsSync(db) || child.exitCode !== null);
    const raw = new Database(db, { fileMustExist: true });
    const turnCount = () => {
      try {
        return raw.prepare(`SELECT COUNT(*) FROM events`).pluck().get() as number;
      } catch {
        return 0;
      }
    };
    try {
      for (const killAt of [80, 401, 840]) {
        await waitFor(() => turnCount() >= killAt || child.exitCode !== null);
        child.kill('SIGKILL');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
        const status = JSON.parse((await parlor(db, ['runs', '--json'])).stdout)[0].status;
        expect(['interrupted', 'done']).toContain(status);
        child = startParlor(db, ['run', '--resume', '1']);
      }
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      expect(child.exitCode).toBe(0);
      expect(raw.prepare(`SELECT COUNT(*) FROM episodes`).pluck().get()).toBe(30);
      expect(raw.prepare(`SELECT COUNT(*) FROM events GROUP BY episode_id HAVING COUNT(*) != MAX(idx)`).all()).toEqual([]);
    } finally {
      raw.close();
    }
    const resumed = Store.open(db);
    try {
      expect(resumed.runs.get(1).status).toBe('done');
      expect(runOutcomes(resumed, 1)).toEqual(runOutcomes(reference, refId));
    } finally {
      resumed.close();
    }
  }, 120_000);
});

describe('retry errors', () => {
  it('episodes that failed for infrastructure reasons are kept apart and can be played again', async () => {
    const store = tempStore();
    const outage = await startMockProvider({ faults: { rate500: 1 } });
    const port = Number(new URL(outage.url).port);
    const flaky = mockEdaPlayers(outage.openaiBaseUrl);
    flaky.guesser.maxAttempts = flaky.judge.maxAttempts = 3;
    const { runId } = await prepareRun(store, { dataset: { name: 'things' }, limit: 3, repetitions: 1, seed: 2, preflight: false, players: flaky });
    const fast = { retry: { baseDelayMs: 5, maxDelayMs: 20 } };
    const first = await executeRun(store, runId, fast);
    expect(first).toMatchObject({ done: 0, errors: 3 });
    expect(store.episodes.list(runId).every((e) => e.status === 'error' && e.errorKind === 'server' && e.outcome === null)).toBe(true);
    await outage.close();
    const healed = await startMockProvider({ port });
    try {
      const second = await retryErrors(store, runId, fast);
      expect(store.episodes.list(runId).map((e) => e.error)).toEqual([null, null, null]);
      expect(second).toMatchObject({ status: 'done', done: 3, errors: 0 });
    } finally {
      await healed.close();
    }
  });
});

describe('cache, replay and rescore', () => {
  it('a cached run replays offline with identical games and no provider call', async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, { dataset: { name: 'celebrities' }, limit: 4, repetitions: 2, seed: 8, cache: 'use', players: mockEdaPlayers(mock.openaiBaseUrl) });
    await executeRun(store, runId);
    const before = mock.requests.length;
    const replay = await replayRun(store, runId);
    expect(replay).toMatchObject({ status: 'done', done: 8, errors: 0 });
    expect(mock.requests.length).toBe(before);
    expect(runOutcomes(store, replay.runId)).toEqual(runOutcomes(store, runId));
    expect(store.models.usage(replay.runId).every((u) => u.cachedCalls === u.calls && u.inputTokens === 0)).toBe(true);
  });

  it('replaying without a cache fails each episode with cache_miss, not a loss', async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, { dataset: { name: 'things' }, limit: 2, repetitions: 1, seed: 8, preflight: false, players: mockEdaPlayers(mock.openaiBaseUrl) });
    await executeRun(store, runId);
    const replay = await replayRun(store, runId);
    expect(replay).toMatchObject({ done: 0, errors: 2 });
    expect(store.episodes.list(replay.runId).map((e) => e.errorKind)).toEqual(['cache_miss', 'cache_miss']);
  });

  it('rescoring from stored turns applies a new λ by hand-computed values', async () => {
    const store = tempStore();
    const questions = ['Is it alive?', 'Is it big?', 'Is it red?', 'Is it round?', 'Is it soft?', 'Is it old?', 'Is it cheap?', 'Is it loud?', 'Is it wet?', 'Is it an oar?'];
    const runId = await playScripted(
      store,
      { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1 },
      { guesser: ScriptedModel.fromLines('g', questions), judge: new ScriptedModel('j', () => 'Yes.') },
    );
    expect(store.episodes.list(runId)[0]!.scores).toEqual({ turns: 10, success: 1, yes: 9, score: 0.9 });
    // λ = 0.05: 1 − 0.05 × (10 − 5) = 0.75; with 8 free turns: 1 − 0.05 × 2 = 0.9
    expect(rescoreRun(store, runId, { lambda: 0.05 }).report.metrics.score!.mean).toBeCloseTo(0.75, 12);
    expect(rescoreRun(store, runId, { lambda: 0.05, freeTurns: 8 }).report.metrics.score!.mean).toBeCloseTo(0.9, 12);
    expect(store.episodes.list(runId)[0]!.scores!.score).toBe(0.9); // not written
    rescoreRun(store, runId, { lambda: 0.05 }, true);
    expect(store.episodes.list(runId)[0]!.scores!.score).toBe(0.75);
  });
});

describe('game events', () => {
  it('a question that breaks the format is a flagged turn of a finished game, not an infrastructure error', async () => {
    const store = tempStore();
    const runId = await playScripted(
      store,
      { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1, settings: { maxTurns: 3 } },
      { guesser: ScriptedModel.fromLines('g', ['', 'Is it big?\nIs it red?', 'Is it alive?']), judge: ScriptedModel.fromLines('j', ['No.', 'Yes.', 'I think so']) },
    );
    const [episode] = store.episodes.list(runId);
    expect(episode).toMatchObject({ status: 'done', outcome: 'failure', errorKind: null });
    expect(turnsOf(store, episode!.id).map((t) => t.flags)).toEqual([['empty_question'], ['multi_line_question'], ['judge_off_format']]);
  });
});

describe('budget and progress', () => {
  it('stops cleanly when the budget is reached, and refuses a budget without prices', async () => {
    const store = tempStore();
    const config = { dataset: { name: 'things' }, limit: 40, repetitions: 1, seed: 3, concurrency: 4, budgetUsd: 0.002, players: mockEdaPlayers(mock.openaiBaseUrl) };
    await expect(prepareRun(store, config)).rejects.toThrow(/needs a price.*parlor prices set openai:mock-guesser/);
    store.models.setPrice('openai', 'mock-guesser', 2.5, 10);
    store.models.setPrice('openai', 'mock-judge', 0.5, 1.5);
    const { runId } = await prepareRun(store, config);
    const events: RunEvent[] = [];
    const result = await executeRun(store, runId, { onEvent: (e) => events.push(e), progressMs: 10 });
    expect(result.status).toBe('interrupted');
    expect(result.reason).toMatch(/budget of \$0\.00 reached/);
    expect(store.runs.get(runId).error).toMatch(/budget/);
    expect(result.done).toBeLessThan(40);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1) as Extract<RunEvent, { type: 'progress' }>;
    expect(last.costUsd).toBeGreaterThanOrEqual(0.002);
    expect(last.calls).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'interrupted' });
  });
});
