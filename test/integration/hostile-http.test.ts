import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromFlags } from '../../electron/cli/commands/run';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { send as rawSend, type Reply } from '../support/http';
import { tempDir, tempStore } from '../support/tmp';

const TOKEN = 'hostile-test-token';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
let server: RunningHttpServer;
let service: ApiService;

/** A raw request to the server under test; POST unless said. */
const send = (path: string, options: Parameters<typeof rawSend>[2] = {}): Promise<Reply> => rawSend(server.port, path, { method: 'POST', ...options });

const AUTH = { Authorization: `Bearer ${TOKEN}` };
const JSON_AUTH = { ...AUTH, 'Content-Type': 'application/json' };
const post = (method: string, body: string | Buffer, headers: Record<string, string> = JSON_AUTH) => send(`/api/${method}`, { headers, body });
const errorOf = (reply: Reply) => (JSON.parse(reply.body) as { ok: false; error: { code: string; message: string } }).error;

/** A refusal: the status, a JSON error with a message and no stack trace. */
function expectRefusal(reply: Reply, status: number, message?: RegExp) {
  expect(reply.status).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  const error = errorOf(reply);
  expect(error.message.length).toBeGreaterThan(0);
  if (message) expect(error.message).toMatch(message);
  expect(reply.body).not.toMatch(/\n\s+at |\.ts:\d+/);
}

const things = { game: 'eda', dataset: 'things', instances: 'common' };
const config = { dataset: { name: 'things', split: 'test' }, limit: 2, repetitions: 1, players: { guesser: { provider: 'openai', model: 'm' }, judge: { provider: 'openai', model: 'm' } } };

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

/** Nothing a refused request could have written: no runs, no models. */
async function expectStoreUntouched() {
  expect(JSON.parse((await post('runs.list', '{}')).body)).toEqual({ ok: true, result: [] });
  expect(JSON.parse((await post('models.list', '{}')).body)).toEqual({ ok: true, result: [] });
}

describe('body size', () => {
  it('answers an oversized body with 413 JSON, not a reset', async () => {
    const huge = JSON.stringify({ config: { padding: 'x'.repeat(2 * 1024 * 1024) } });
    expectRefusal(await post('runs.start', huge), 413, /over \d+ bytes/);
    await expectStoreUntouched();
  });

  it('answers an oversized chunked body (no Content-Length) with 413 too', async () => {
    const reply = await send('/api/runs.start', { headers: { ...JSON_AUTH, 'Transfer-Encoding': 'chunked' }, body: `{"config":"${'y'.repeat(1536 * 1024)}"}` });
    expectRefusal(reply, 413);
  });
});

describe('content type and encoding', () => {
  it('refuses bodies that are not application/json with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json-seq', 'application/jsonp']) {
      expectRefusal(await post('runs.start', JSON.stringify({ config }), { ...AUTH, 'Content-Type': type }), 415, /application\/json/);
    }
    expectRefusal(await post('runs.start', JSON.stringify({ config }), AUTH), 415, /application\/json/);
    await expectStoreUntouched();
  });

  it('refuses a JSON body declared in a charset other than UTF-8', async () => {
    expectRefusal(await post('runs.list', '{}', { ...AUTH, 'Content-Type': 'application/json; charset=latin1' }), 415, /UTF-8/);
    expect((await post('runs.list', '{}', { ...AUTH, 'Content-Type': 'application/json; charset=UTF-8' })).status).toBe(200);
  });

  it('refuses invalid JSON with 400 saying so', async () => {
    expectRefusal(await post('runs.start', '{"config": '), 400, /not JSON/);
    await expectStoreUntouched();
  });

  it('refuses invalid UTF-8 with 400 naming the problem', async () => {
    const bad = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
    expectRefusal(await post('models.save', bad), 400, /not valid UTF-8/);
    await expectStoreUntouched();
  });

  it('accepts a body with a UTF-8 byte-order mark (a run config saved by a Windows editor)', async () => {
    const reply = await post('runs.estimate', Buffer.concat([BOM, Buffer.from(JSON.stringify({ config }))]));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, result: { episodes: 2 } });
  });
});

describe('the launch token', () => {
  it('is refused in the query string of an API call, even when right', async () => {
    expectRefusal(await send(`/api/runs.list?token=${TOKEN}`, { headers: { 'Content-Type': 'application/json' }, body: '{}' }), 401, /Authorization header/);
    expectRefusal(await send(`/api/runs.start?token=${TOKEN}`, { headers: JSON_AUTH, body: JSON.stringify({ config }) }), 401);
    await expectStoreUntouched();
  });

  it('is refused in the body of an API call', async () => {
    expectRefusal(await post('runs.list', JSON.stringify({ token: TOKEN }), { 'Content-Type': 'application/json' }), 401, /token/);
  });

  it('still opens the page from the launch URL, and the event stream from its query', async () => {
    const page = await send(`/?token=${TOKEN}`, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(String(page.headers['set-cookie'])).toMatch(/^parlor_assets_/);
    const events = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `/api/events?token=${TOKEN}`, headers: { Host: `127.0.0.1:${server.port}` } }, (res) => {
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    expect(events).toBe(200);
  });
});

describe('methods', () => {
  it('answers an unknown API method with 404 JSON', async () => {
    expectRefusal(await post('runs.explode', '{}'), 404, /Unknown API method/);
    expect(errorOf(await post('constructor', '{}')).code).toBe('unknown_method');
    expect((await post('__proto__', '{}')).status).toBe(404);
  });

  it('answers the wrong HTTP method with 405 and an Allow header', async () => {
    const get = await send('/api/runs.list', { method: 'GET', headers: AUTH });
    expectRefusal(get, 405, /POST/);
    expect(get.headers.allow).toBe('POST');
    expectRefusal(await send('/api/runs.start', { method: 'PUT', headers: JSON_AUTH, body: JSON.stringify({ config }) }), 405);
    const postEvents = await send('/api/events', { headers: JSON_AUTH, body: '{}' });
    expectRefusal(postEvents, 405);
    expect(postEvents.headers.allow).toBe('GET');
    expectRefusal(await send('/', { method: 'DELETE', headers: AUTH }), 405);
    await expectStoreUntouched();
  });

  it('answers a malformed envelope with 400, not a crash', async () => {
    expectRefusal(await post('runs.get', '[1,2,3]'), 400);
    expectRefusal(await post('runs.get', '"text"'), 400);
    expectRefusal(await post('runs.get', 'null'), 400);
  });
});

describe('explore parameters', () => {
  it('refuses an unknown heatmap topic, naming the known ones', async () => {
    const reply = await post('explore.heatmap', JSON.stringify({ filters: things, topic: 'nonsense', metric: 'score' }));
    expectRefusal(reply, 400, /nonsense.*category/);
    expect(errorOf(reply).code).toBe('bad_request');
    expect((await post('explore.heatmap', JSON.stringify({ filters: things, topic: 'category', metric: 'score' }))).status).toBe(200);
  });

  it('refuses an unknown difficulty axis, naming the known ones', async () => {
    expectRefusal(await post('explore.difficulty', JSON.stringify({ filters: things, axis: 'sideways' })), 400, /sideways.*item, tag:category/);
    expectRefusal(await post('explore.difficulty', JSON.stringify({ filters: things, axis: 'tag:nonsense' })), 400, /nonsense.*category/);
    expect((await post('explore.difficulty', JSON.stringify({ filters: things, axis: 'item' }))).status).toBe(200);
    expect((await post('explore.difficulty', JSON.stringify({ filters: things, axis: 'tag:category' }))).status).toBe(200);
  });
});

describe('parlor run --config', () => {
  it('reads a config file that starts with a UTF-8 byte-order mark', () => {
    const path = join(tempDir(), 'run.json');
    writeFileSync(path, Buffer.concat([BOM, Buffer.from(JSON.stringify({ ...config, game: 'eda', repetitions: 3 }))]));
    expect(configFromFlags({ config: path })).toMatchObject({ game: 'eda', repetitions: 3 });
  });
});
