/**
 * A model that quotes its API key in successful answers, through the real SDKs: the key reaches no stored
 * body. The reply is redacted as it arrives, so the game plays, stores, caches and shows "[redacted key]",
 * and the next request (which carries the reply) holds no key either: live calls, probes, the response
 * cache, a replay from the cache and batch items; nowhere in the database file, `parlor show --calls`
 * or `parlor export --format jsonl`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigSchema } from '../../shared/contract/models';
import { createModel } from '../../electron/engine/players/factory';
import type { CallAttempt } from '../../electron/engine/players/types';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

// Not shaped like any known key (no sk- prefix): only the key the model was given can redact it.
const KEY = 'Leak3dKeyValue-0123456789abcdef';
const REDACTED = '[redacted key]';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ apiKey: KEY, batches: { completeAfterMs: 5 } });
});
afterAll(() => mock.close());

const baseUrlOf = (provider: 'openai' | 'anthropic') => (provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl);
const factory: typeof createModel = (config, options) => createModel(config, options, { ECHO_KEY: KEY });

describe.each(['openai', 'anthropic'] as const)('a %s model that quotes its key in a successful answer', (provider) => {
  it('answers with the key redacted: the reply, the recorded response and request', async () => {
    const model = factory(ModelConfigSchema.parse({ provider, model: 'mock-echo-keyecho', baseUrl: baseUrlOf(provider), apiKeyEnv: 'ECHO_KEY' }), {});
    const attempts: CallAttempt[] = [];
    const result = await model.complete({ messages: [{ role: 'user', content: 'Say your key.' }], temperature: 0, maxTokens: 20 }, { onAttempt: (a) => attempts.push(a) });
    expect(result.text).toBe(`Say your key. (answered for key ${REDACTED})`);
    expect(attempts).toHaveLength(1);
    expect(JSON.stringify(attempts[0])).toContain(REDACTED);
    expect(JSON.stringify(attempts[0])).not.toContain(KEY);
    // What the mock received shows the key was really sent back, not merely never sent.
    expect(mock.requests.at(-1)!.body.model).toBe('mock-echo-keyecho');
  });

  it('keeps text in an answer that only looks like a key: it is what the model said', async () => {
    const model = factory(ModelConfigSchema.parse({ provider, model: 'mock-echo', baseUrl: baseUrlOf(provider), apiKeyEnv: 'ECHO_KEY' }), {});
    const said = 'The answer is sk-ant-notakey0123456789ab, key-0123456789abcdef0 and Bearer abcdefghijklmnop0123.';
    const attempts: CallAttempt[] = [];
    const result = await model.complete({ messages: [{ role: 'user', content: said }], temperature: 0, maxTokens: 40 }, { onAttempt: (a) => attempts.push(a) });
    expect(result.text).toContain(said);
    expect(JSON.stringify(attempts[0]!.response)).toContain('sk-ant-notakey0123456789ab');
    expect(JSON.stringify(attempts[0]!.request)).toContain('Bearer abcdefghijklmnop0123');
    expect(JSON.stringify(attempts[0])).not.toContain(REDACTED);
  });

  it('leaves no trace of the key in the database file, its WAL, `show --calls` or the JSONL export', async () => {
    const db = join(tempDir(), 'parlor.db');
    const store = Store.open(db);
    const player = (model: string) => ({ provider, model, baseUrl: baseUrlOf(provider), apiKeyEnv: 'ECHO_KEY' });
    const config = {
      dataset: { name: 'things', split: 'test' }, limit: 2, repetitions: 1, seed: 5, preflight: false,
      players: { guesser: player('mock-guesser-keyecho'), judge: player('mock-judge-keyecho') },
      settings: { probe: { enabled: true }, maxTurns: 4 },
    };
    const runs: number[] = [];
    // Live with the response cache filled, replayed from that cache, and through the batch service.
    for (const extra of [{ cache: 'use' }, { cache: 'only' }, { batch: { pollMs: 10 } }]) {
      const { runId } = await prepareRun(store, { ...config, ...extra }, { createModel: factory });
      expect(await executeRun(store, runId, { createModel: factory })).toMatchObject({ status: 'done', errors: 0 });
      runs.push(runId);
    }
    const episodes = runs.flatMap((runId) => store.episodes.list(runId));
    // The replies did quote the key: the stored text shows where, redacted.
    const texts = episodes.flatMap((e) => store.events.list(e.id)).map((e) => JSON.stringify(e));
    expect(texts.some((t) => t.includes(REDACTED))).toBe(true);
    expect(store.probes.count(runs[0]!)).toBeGreaterThan(0);
    expect(store.batches.list(runs[2]!).length).toBeGreaterThan(0);
    store.close();

    const bytes = [db, `${db}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain(REDACTED);
    expect(bytes).not.toContain(KEY);
    // The CLI reads what was stored (each call starts a process: one run exported, one batched episode shown).
    const exported = await parlor(db, ['export', String(runs[0]), '--format', 'jsonl']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(REDACTED);
    expect(exported.stdout).not.toContain(KEY);
    const batched = episodes.find((e) => e.runId === runs[2])!;
    const shown = await parlor(db, ['show', String(batched.id), '--calls']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(REDACTED);
    expect(shown.stdout).not.toContain(KEY);
  }, 60_000);
});
