/**
 * Issue 17, keys and models: each saved model holds its own key, used for its calls only, with the
 * environment variable as the fallback; the price table over the API; a run's cost unknown, not
 * $0.00, while a model it used has no price.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UiEvent } from '../../shared/api/contract';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault, profileKeyName } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';

const SECRET = 'sk-keys-test-9f8e7d';

let mock: MockProvider;
let store: Store;
let vault: MemoryVault;
let service: ApiService;
let events: UiEvent[];

function open(env: NodeJS.ProcessEnv = {}) {
  service = createApiService({ store, vault, mode: 'browser', env });
  events = [];
  service.hub.subscribe((e) => events.push(e));
}

const call = apiCaller(() => service);

async function until(predicate: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Both models name the same key variable: before issue 17 they shared one key.
const config = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl, apiKeyEnv: 'MOCK_KEY' });
const status = async (id: number) => (await call('models.list', {})).find((p) => p.id === id)?.keyStatus;

beforeEach(async () => {
  mock = await startMockProvider({ apiKey: SECRET });
  store = tempStore();
  vault = new MemoryVault();
});
afterEach(async () => {
  await service.close();
  await mock.close();
});

describe('a key per saved model', () => {
  it('keeps a key typed for one model from replacing another model’s key', async () => {
    open();
    const a = await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: SECRET });
    const b = await call('models.save', { name: 'B', config: config('mock-judge'), apiKey: 'sk-wrong' });
    expect([a.keyStatus, b.keyStatus]).toEqual(['stored', 'stored']);
    expect(await call('models.test', { id: a.id })).toMatchObject({ ok: true });
    const refused = await call('models.test', { id: b.id });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/MOCK_KEY/);
    expect(JSON.stringify(await call('models.list', {}))).not.toContain(SECRET);
  });

  it('forgets one model’s key and leaves the other’s', async () => {
    open();
    const a = await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: 'sk-a' });
    const b = await call('models.save', { name: 'B', config: config('mock-judge'), apiKey: SECRET });
    const forgotten = await call('models.forgetKey', { id: a.id });
    expect(forgotten.keyStatus).toBe('missing');
    expect(await status(b.id)).toBe('stored');
    expect(await call('models.test', { id: b.id })).toMatchObject({ ok: true });
    await expect(call('models.forgetKey', { id: a.id })).rejects.toThrow(/not_found: No key was typed for "A"/);
  });

  it('plays a run with each model’s own key: a model without one does not borrow another’s', async () => {
    open();
    const a = await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: SECRET });
    const b = await call('models.save', { name: 'B', config: config('mock-judge') });
    expect(b.keyStatus).toBe('missing');
    const run = { dataset: { name: 'things', split: 'test' }, limit: 2, repetitions: 1, concurrency: 2, seed: 5, players: { guesser: a.config, judge: b.config } };
    await expect(call('runs.start', { config: run })).rejects.toThrow(/MOCK_KEY/);
    await call('models.save', { id: b.id, name: 'B', config: b.config, apiKey: SECRET });
    const { runId } = await call('runs.start', { config: run });
    await until(() => events.some((e) => e.type === 'run-finished' && e.runId === runId));
    expect((await call('runs.get', { runId })).summary).toMatchObject({ status: 'done', done: 2, errors: 0 });
  });

  it('falls back to the environment variable, and a typed key wins over it until forgotten', async () => {
    open({ MOCK_KEY: SECRET });
    const a = await call('models.save', { name: 'A', config: config('mock-guesser') });
    expect(a.keyStatus).toBe('environment');
    expect(await call('models.test', { id: a.id })).toMatchObject({ ok: true });
    await call('models.save', { id: a.id, name: 'A', config: a.config, apiKey: 'sk-typo' });
    expect(await status(a.id)).toBe('stored');
    expect(await call('models.test', { id: a.id })).toMatchObject({ ok: false });
    expect((await call('models.forgetKey', { id: a.id })).keyStatus).toBe('environment');
    expect(await call('models.test', { id: a.id })).toMatchObject({ ok: true });
  });

  it('removes a model’s key with the model', async () => {
    open();
    const a = await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: SECRET });
    expect(vault.has(profileKeyName(a.id))).toBe(true);
    expect(await call('models.remove', { id: a.id })).toEqual({ removed: true });
    expect(vault.has(profileKeyName(a.id))).toBe(false);
  });

  it('refuses a key a run could not tell apart: two models with the very same settings', async () => {
    open();
    await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: SECRET });
    await expect(call('models.save', { name: 'B', config: config('mock-guesser') })).rejects.toThrow(/conflict: "A" has the same settings as "B"/);
    const plain = await call('models.save', { name: 'C', config: config('mock-judge') });
    await expect(call('models.save', { name: 'D', config: config('mock-judge'), apiKey: SECRET })).rejects.toThrow(/conflict: "C" has the same settings as "D"/);
    // Without a key involved, twins are allowed as before; a different key variable sets them apart.
    await call('models.save', { name: 'E', config: config('mock-judge') });
    const other = await call('models.save', { name: 'F', config: { ...config('mock-judge'), apiKeyEnv: 'MOCK_KEY_2' }, apiKey: SECRET });
    expect([plain.keyStatus, other.keyStatus]).toEqual(['missing', 'stored']);
  });

  it('gives each model its copy of a key an older version stored under the variable name', async () => {
    const a = store.models.saveProfile({ name: 'A', config: config('mock-guesser') });
    const b = store.models.saveProfile({ name: 'B', config: config('mock-judge') });
    vault = new MemoryVault({ MOCK_KEY: SECRET });
    open();
    expect([await status(a.id), await status(b.id)]).toEqual(['stored', 'stored']);
    expect(vault.has('MOCK_KEY')).toBe(false);
    await call('models.forgetKey', { id: a.id });
    expect(await call('models.test', { id: b.id })).toMatchObject({ ok: true });
  });
});

describe('prices and cost', () => {
  it('lists, adds, edits and removes prices, and names saved models without one', async () => {
    open();
    await call('models.save', { name: 'A', config: config('mock-guesser') });
    let table = await call('prices.list', {});
    expect(table).toEqual({ prices: [], missing: [{ provider: 'openai', model: 'mock-guesser', profiles: ['A'] }] });
    table = await call('prices.set', { provider: 'openai', model: 'mock-guesser', inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(table.prices).toMatchObject([{ provider: 'openai', model: 'mock-guesser', inputPerMTok: 2.5, outputPerMTok: 10 }]);
    expect(table.missing).toEqual([]);
    table = await call('prices.set', { provider: 'openai', model: 'mock-guesser', inputPerMTok: 3, outputPerMTok: 12 });
    expect(table.prices.map((p) => [p.inputPerMTok, p.outputPerMTok])).toEqual([[3, 12]]);
    expect((await call('prices.remove', { provider: 'openai', model: 'mock-guesser' })).prices).toEqual([]);
    await expect(call('prices.remove', { provider: 'openai', model: 'mock-guesser' })).rejects.toThrow(/not_found: No price is set for openai:mock-guesser/);
  });

  it('refuses bad prices with a message naming the field', async () => {
    open();
    await expect(call('prices.set', { provider: 'openai', model: 'm', inputPerMTok: -1, outputPerMTok: 1 })).rejects.toThrow(/bad_request: .*inputPerMTok: the input price cannot be negative/s);
    await expect(call('prices.set', { provider: 'openai', model: ' ', inputPerMTok: 1, outputPerMTok: 1 })).rejects.toThrow(/model: the model id is empty/);
    await expect(call('prices.set', { provider: 'openai', model: 'm', inputPerMTok: 1, outputPerMTok: 1e6 })).rejects.toThrow(/outputPerMTok: the output price is over \$10,000/);
    expect((await call('prices.list', {})).prices).toEqual([]);
  });

  it('says a run’s cost is unknown, naming the unpriced models, until every model has a price', async () => {
    open();
    const a = await call('models.save', { name: 'A', config: config('mock-guesser'), apiKey: SECRET });
    const b = await call('models.save', { name: 'B', config: config('mock-judge'), apiKey: SECRET });
    await call('prices.set', { provider: 'openai', model: 'mock-guesser', inputPerMTok: 2.5, outputPerMTok: 10 });
    const run = { dataset: { name: 'things', split: 'test' }, limit: 1, repetitions: 1, concurrency: 1, seed: 5, preflight: false, players: { guesser: a.config, judge: b.config } };
    const { runId } = await call('runs.start', { config: run });
    await until(() => events.some((e) => e.type === 'run-finished' && e.runId === runId));
    const unknown = await call('runs.get', { runId });
    expect(unknown.costUsd).toBeNull();
    expect(unknown.costUnpriced).toEqual(['openai:mock-judge']);
    await call('prices.set', { provider: 'openai', model: 'mock-judge', inputPerMTok: 0.5, outputPerMTok: 1.5 });
    const known = await call('runs.get', { runId });
    expect(known.costUsd).toBeGreaterThan(0);
    expect(known.costUnpriced).toEqual([]);
  });
});
