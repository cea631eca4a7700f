import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { send as rawSend, type Reply } from '../support/http';
import { tempDir, tempStore } from '../support/tmp';

const TOKEN = 'test-token-abc';
let server: RunningHttpServer;
let service: ApiService;

const send = (path: string, options: Parameters<typeof rawSend>[2] = {}): Promise<Reply> => rawSend(server.port, path, options);

const api = (method: string, body: unknown, headers: Record<string, string> = {}) =>
  send(`/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}`, ...headers }, body: JSON.stringify(body) });

beforeEach(async () => {
  const root = tempDir();
  const staticDir = join(root, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Parlor</title>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  service = createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' });
  server = await startHttpServer({ service, staticDir, token: TOKEN });
});
afterEach(async () => {
  await server.close();
  await service.close();
});

describe('browser-mode server', () => {
  it('listens on loopback and prints a URL with the token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.openUrl).toBe(`${server.url}?token=${TOKEN}`);
  });

  it('refuses requests without the token, or with a wrong one', async () => {
    expect((await send('/')).status).toBe(401);
    expect((await send('/assets/app.js')).status).toBe(401);
    expect((await api('runs.list', {}, { Authorization: 'Bearer nope' })).status).toBe(401);
    const noToken = await send('/api/runs.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(noToken.status).toBe(401);
    expect(JSON.parse(noToken.body).error.message).toMatch(/token/);
  });

  it('the launch URL sets an asset-only cookie: it loads the page files but never opens the API', async () => {
    const first = await send(`/?token=${TOKEN}`);
    expect(first.status).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(TOKEN); // cookies reach every local port: the API token must not ride in one
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    const pair = cookie.split(';')[0]!;
    expect((await send('/assets/app.js', { headers: { Cookie: pair } })).status).toBe(200);
    const withCookie = await send('/api/runs.list', { method: 'POST', headers: { Cookie: pair, 'Content-Type': 'application/json' }, body: '{}' });
    expect(withCookie.status).toBe(401);
    expect(JSON.parse((await api('runs.list', {})).body)).toEqual({ ok: true, result: [] });
    expect((await send('/api/%E0%A4%A', { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(400);
  });

  it('refuses other origins, foreign Host headers and non-JSON posts', async () => {
    const foreign = await api('runs.list', {}, { Origin: 'https://example.com' });
    expect(foreign.status).toBe(403);
    expect((await api('runs.list', {}, { Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await api('runs.list', {}, { Host: 'attacker.test' })).status).toBe(421);
    const form = await send('/api/runs.list', { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(415);
  });

  it('answers API errors with a status and the engine message', async () => {
    const bad = await api('runs.get', { runId: -1 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('bad_request');
    expect((await api('runs.get', { runId: 3 })).status).toBe(404);
    expect((await api('no.such', {})).status).toBe(404);
    const broken = await send('/api/runs.list', { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: '{not json' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.message).toMatch(/not JSON/);
  });

  it('does not serve files outside the renderer folder', async () => {
    for (const path of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const escape = await send(path, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(escape.body).not.toContain('outside');
    }
  });

  it('streams engine events over server-sent events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: `/api/events?token=${TOKEN}`, headers: { Host: `127.0.0.1:${server.port}` } },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes(': connected')) service.hub.emit({ type: 'runs-changed' });
            if (text.includes('data: ')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain('data: {"type":"runs-changed"}');
  });
});
