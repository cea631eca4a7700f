import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { tempStore } from '../support/tmp';

let store: Store;
let service: ApiService;
beforeEach(() => {
  store = tempStore();
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(() => service.close());

const call = async (input: unknown) => {
  const reply = await service.registry.dispatch('datasets.audit', input);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.result as import('../../shared/api/contract').DatasetAuditSubset[];
};

describe('datasets.audit', () => {
  it("finds the bundled Things list's Dumbbell twice in the test split, with counts", async () => {
    const [test] = await call({ game: 'eda', name: 'things', subset: 'test' });
    expect(test).toMatchObject({ game: 'eda', dataset: 'things', subset: 'test', instances: 100, counts: { duplicate: 1, 'run-together': 1 } });
    expect(test!.findings).toEqual([
      expect.objectContaining({ kind: 'duplicate', keys: ['Dumbbell', 'Dumbbell | Dumbbells'], message: '"Dumbbell" appears 2 times' }),
      expect.objectContaining({ kind: 'run-together', keys: ['CelloMarshmallow'] }),
    ]);
  });

  it('audits every split when none is named', async () => {
    expect((await call({ game: 'eda', name: 'things' })).map((a) => a.subset)).toEqual(['train', 'dev', 'test']);
  });

  it("audits a user's file as stored", async () => {
    const datasetId = store.datasets.upsert({ game: 'eda', name: 'mine@12345678', kind: 'things', source: '/gone/mine.txt', contentHash: '12345678' });
    const entity = (line: string) => ({ key: line, name: line.split('|')[0]!.trim(), payload: { line, aliases: line.split('|').map((a) => a.trim()) }, tags: {} });
    store.datasets.upsertInstances(datasetId, 'all', ['Apple', 'apples', 'Pear', 'Apple Pear Banana Cherry Grape Lemon Mango Orange Peach Plum Kiwi Lime Fig Date Melon'].map(entity));
    const [audit] = await call({ game: 'eda', name: 'mine@12345678' });
    expect(audit).toMatchObject({ subset: 'all', source: 'stored file', instances: 4 });
    expect(audit!.counts['near-duplicate']).toBe(1);
    expect(audit!.counts['too-long']).toBe(1);
  });

  it('refuses an unknown game, dataset or split by name', async () => {
    await expect(call({ game: 'chess', name: 'things' })).rejects.toThrow(/No game "chess"/);
    await expect(call({ game: 'eda', name: 'nope' })).rejects.toThrow(/No dataset "nope"/);
    await expect(call({ game: 'eda', name: 'things', subset: 'val' })).rejects.toThrow(/no split "val"/);
  });
});
