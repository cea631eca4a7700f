/** Acting on something that does not exist is a 404 with its reason, never a 200 that says nothing happened. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { send } from '../support/http';
import { seedRun } from '../support/seed';
import { tempDir, tempStore } from '../support/tmp';

const TOKEN = 'not-found-token';
let server: RunningHttpServer;
let service: ApiService;
let store: Store;

beforeEach(async () => {
  const staticDir = join(tempDir(), 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Parlor</title>');
  store = tempStore();
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  server = await startHttpServer({ service, staticDir, token: TOKEN });
});
afterEach(async () => {
  await server.close();
  await service.close();
});

const api = async (method: string, body: unknown) => {
  const reply = await send(server.port, `/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(body) });
  return { status: reply.status, body: JSON.parse(reply.body) as { ok: boolean; error?: { code: string; message: string } } };
};

describe('unknown ids over HTTP', () => {
  it.each([
    ['runs.cancel', { runId: 999 }, /^No run with id 999 in this database\.$/],
    ['models.remove', { id: 999 }, /^No model profile with id 999 in this database\.$/],
    ['models.test', { id: 999 }, /^No model profile with id 999 in this database\.$/],
  ])('%s → 404', async (method, input, message) => {
    const reply = await api(method, input);
    expect(reply.status).toBe(404);
    expect(reply.body.ok).toBe(false);
    expect(reply.body.error?.message).toMatch(message);
  });

  it('a run that exists but is not playing here is still a 200 saying nothing was cancelled', async () => {
    const { runId } = seedRun(store);
    const reply = await api('runs.cancel', { runId });
    expect([reply.status, reply.body]).toEqual([200, { ok: true, result: { cancelled: false } }]);
  });
});
