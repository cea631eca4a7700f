import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { send as rawSend, type Reply } from '../support/http';
import { tempDir, tempStore } from '../support/tmp';

const TOKEN = 'token-page-test';
let server: RunningHttpServer;
let service: ApiService;
const send = (path: string, options: Parameters<typeof rawSend>[2] = {}): Promise<Reply> => rawSend(server.port, path, options);

beforeEach(async () => {
  const staticDir = join(tempDir(), 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Parlor</title>');
  service = createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' });
  server = await startHttpServer({ service, staticDir, token: TOKEN });
});
afterEach(async () => {
  await server.close();
  await service.close();
});

describe('the page without its token', () => {
  it('is a friendly HTML page (still 401) that says to open the link `parlor serve` printed', async () => {
    for (const path of ['/', '/some/page', '/?token=wrong']) {
      const reply = await send(path);
      expect(reply.status).toBe(401);
      expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
      expect(reply.body).toContain('<h1>Open Parlor with its link</h1>');
      expect(reply.body).toContain('parlor serve');
      expect(reply.body).not.toMatch(/"ok":false|\n\s+at |\.ts:\d+/);
      expect(reply.body).not.toContain(TOKEN);
    }
  });

  it('satisfies the app CSP: sent with it, and no inline script or style', async () => {
    const reply = await send('/');
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
  });

  it('keeps JSON errors for API calls and the event stream, and for wrong hosts', async () => {
    const api = await send('/api/runs.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const events = await send('/api/events');
    expect(events.status).toBe(401);
    expect(String(events.headers['content-type'])).toMatch(/^application\/json/);
    const foreign = await send('/', { headers: { Host: 'evil.example:80' } });
    expect(foreign.status).toBe(421);
    expect(String(foreign.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('still opens the app from the launch URL', async () => {
    const reply = await send(`/?token=${TOKEN}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>Parlor</title>');
  });
});
