import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/api/contract';
import { HandlerRegistry } from '../../electron/engine/rpc/registry';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { tempStore } from '../support/tmp';

describe('API registry', () => {
  it('refuses a second handler for a method, and a method outside the contract', () => {
    const registry = new HandlerRegistry().handle('runs.list', () => []);
    expect(() => registry.handle('runs.list', () => [])).toThrow(/already registered/);
    expect(() => registry.handle('runs.delete' as unknown as 'runs.list', () => [])).toThrow(/not a method of the API contract/);
  });

  it('the engine service handles every method of the contract', () => {
    const service = createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' });
    expect(service.registry.missing()).toEqual([]);
    expect(API_METHODS.length).toBeGreaterThan(15);
  });

  it('validates input at the boundary with readable messages', async () => {
    const service = createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' });
    expect(await service.registry.dispatch('runs.get', { runId: 'seven' })).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('runId') } });
    expect(await service.registry.dispatch('runs.get', { runId: 1, extra: true })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await service.registry.dispatch('constructor', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await service.registry.dispatch(42, {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await service.registry.dispatch('runs.get', { runId: 5 })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'No run with id 5 in this database.' } });
    const badConfig = await service.registry.dispatch('runs.estimate', { config: { dataset: { name: 'things' }, players: {} } });
    expect(badConfig).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('players.guesser') } });
    const unknownDataset = await service.registry.dispatch('runs.estimate', { config: { dataset: { name: 'animals' }, players: { guesser: { provider: 'openai', model: 'm' }, judge: { provider: 'openai', model: 'm' } } } });
    expect(unknownDataset).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('Unknown dataset "animals"') } });
    const unknownGame = await service.registry.dispatch('runs.estimate', { config: { game: 'chess', dataset: { name: 'x' }, players: {} } });
    expect(unknownGame).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('Unknown game "chess"') } });
    const secretInConfig = await service.registry.dispatch('models.save', { name: 'x', config: { provider: 'openai', model: 'm', apiKey: 'sk-1' } });
    expect(secretInConfig).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('model profile names are unique', async () => {
    const service = createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' });
    const config = { provider: 'openai', model: 'gpt-4o' };
    expect(await service.registry.dispatch('models.save', { name: 'GPT', config })).toMatchObject({ ok: true });
    expect(await service.registry.dispatch('models.save', { name: 'GPT', config })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});
