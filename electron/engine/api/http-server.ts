import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { ApiRequestSchema, type ApiErrorCode } from '../../../shared/api/contract';
import { CONTENT_SECURITY_POLICY } from '../../../shared/api/security';
import type { ApiService } from './service';

export interface HttpServerOptions {
  service: ApiService;
  /** The built renderer (index.html and assets). */
  staticDir: string;
  port?: number;
  /** Given by tests; a fresh random one per launch otherwise. */
  token?: string;
}

export interface RunningHttpServer {
  url: string;
  /** The URL to open: carries the launch token. */
  openUrl: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const STATUS: Record<ApiErrorCode, number> = {
  unknown_method: 404,
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  provider: 502,
  database: 503,
  internal: 500,
  unauthorized: 401,
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Browser mode: the renderer and the API on 127.0.0.1 only. Every request needs a Host header naming
 * this server (against DNS rebinding), no foreign Origin (against other sites), and a credential:
 * the API only the per-launch token (Bearer header, or `?token=` for the event stream), which the
 * page keeps in its own sessionStorage; the page's static files also a second, asset-only secret set
 * as a cookie when the launch URL is opened (cookies are shared across local ports, so the cookie
 * must never carry the API token).
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const assetKey = randomBytes(24).toString('base64url');
  const staticRoot = resolve(options.staticDir);
  if (!existsSync(join(staticRoot, 'index.html'))) {
    throw new Error(`The renderer is not built (${join(staticRoot, 'index.html')} is missing): run npm run build:renderer first.`);
  }
  const streams = new Set<ServerResponse>();
  let port = 0;
  const cookieName = () => `parlor_assets_${port}`;

  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      // The message only: a stack trace tells a caller nothing it can act on.
      if (!res.headersSent) refuse(res, 500, 'internal', `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const problem = refusal(req, url);
    if (problem) {
      // A person opening the bare address gets a page that says what to do; API callers keep JSON.
      if (problem.status === 401 && !url.pathname.startsWith('/api/') && (req.method === 'GET' || req.method === 'HEAD')) return sendTokenPage(res);
      return sendJson(res, problem.status, { ok: false, error: { code: 'unauthorized', message: problem.message } });
    }

    if (url.pathname === '/api/events') return req.method === 'GET' ? openEventStream(res) : notAllowed(res, 'GET');
    if (url.pathname.startsWith('/api/')) return callApi(req, url, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return notAllowed(res, 'GET, HEAD');
    // The launch URL carries the token once; the cookie carries it for the page's own requests.
    if (url.searchParams.get('token') === token) {
      res.setHeader('Set-Cookie', `${cookieName()}=${assetKey}; HttpOnly; SameSite=Strict; Path=/`);
    }
    return serveStatic(url.pathname, res);
  }

  function refusal(req: IncomingMessage, url: URL): { status: number; message: string } | null {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!hosts.includes(req.headers.host ?? '')) return { status: 421, message: 'Wrong Host header: this server answers only as 127.0.0.1 or localhost.' };
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) return { status: 403, message: `Requests from ${origin} are refused.` };
    const fromUrl = url.searchParams.get('token');
    // A token in a URL leaks into logs and history: API calls must send the header; only the page's
    // first load and the event stream (EventSource cannot set headers) may carry it in the URL.
    if (isApiCall(url) && fromUrl !== null) return { status: 401, message: 'API calls carry the Parlor token in the Authorization header (Bearer), not in the URL.' };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    if (bearer !== null && sameSecret(bearer, token)) return null;
    if (fromUrl !== null && sameSecret(fromUrl, token)) return null;
    const asset = cookieValue(req.headers.cookie, cookieName());
    if (!url.pathname.startsWith('/api/') && asset !== null && sameSecret(asset, assetKey)) return null;
    return { status: 401, message: 'Missing or wrong Parlor token: open the URL that `parlor serve` printed.' };
  }

  async function callApi(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (req.method !== 'POST') return notAllowed(res, 'POST');
    const method = safeDecode(url.pathname.slice('/api/'.length));
    if (method === null) return refuse(res, 400, 'bad_request', 'Malformed URL.');
    const typeProblem = contentTypeProblem(req.headers['content-type']);
    if (typeProblem) return refuse(res, 415, 'bad_request', typeProblem);
    const body = await readBody(req);
    if (!body.ok) {
      // Past the drain limit the rest is not read: the connection closes once the reply is sent.
      return refuse(res, 413, 'bad_request', `Request body over ${MAX_BODY} bytes.`, { Connection: 'close' });
    }
    const input = parseBody(body.bytes);
    if (!input.ok) return refuse(res, 400, 'bad_request', input.message);
    const envelope = ApiRequestSchema.safeParse({ method, input: input.value });
    const reply = envelope.success
      ? await options.service.registry.dispatch(envelope.data.method, envelope.data.input)
      : ({ ok: false, error: { code: 'bad_request', message: 'Malformed API request.' } } as const);
    return sendJson(res, reply.ok ? 200 : STATUS[reply.error.code], reply);
  }

  function openEventStream(res: ServerResponse) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = options.service.hub.subscribe((event) => res.write(`data: ${JSON.stringify(event)}\n\n`));
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    });
  }

  function serveStatic(pathname: string, res: ServerResponse) {
    const decoded = safeDecode(pathname);
    if (decoded === null) return refuse(res, 400, 'bad_request', 'Malformed URL.');
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    let file = resolve(staticRoot, relative);
    if (file !== staticRoot && !file.startsWith(staticRoot + sep)) return refuse(res, 404, 'not_found', 'Not found.');
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(staticRoot, 'index.html');
    const isIndex = file.endsWith('index.html');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': isIndex ? 'no-store' : 'max-age=3600',
    });
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((ready, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, '127.0.0.1', () => ready());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    openUrl: `${url}?token=${token}`,
    port,
    token,
    close: async () => {
      for (const stream of streams) stream.end();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(text);
}

/** Static HTML with no script or style of its own, so it passes the app's CSP unchanged. */
export const TOKEN_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parlor: open the link with its token</title></head>
<body>
<main>
<h1>Open Parlor with its link</h1>
<p>This address needs the private token that keeps other programs and websites out of your Parlor.</p>
<p>Open the full link that <code>parlor serve</code> printed in the terminal when it started. It looks like
<code>http://127.0.0.1:PORT/?token=…</code>. The token changes every time Parlor starts, so an old link or bookmark no longer works.</p>
<p>Lost the link? Stop Parlor (Ctrl+C in its terminal) and run <code>parlor serve</code> again.</p>
</main>
</body>
</html>
`;

function sendTokenPage(res: ServerResponse) {
  res.writeHead(401, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(TOKEN_PAGE);
}

function refuse(res: ServerResponse, status: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { ok: false, error: { code, message } }, headers);
}

function notAllowed(res: ServerResponse, allow: string) {
  refuse(res, 405, 'bad_request', `Method not allowed here: use ${allow}.`, { Allow: allow });
}

const isApiCall = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/events';

/** Why a Content-Type is refused, or null for JSON in UTF-8 (the only body the API reads). */
export function contentTypeProblem(header: string | undefined): string | null {
  const [type, ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return `API calls carry a JSON body (Content-Type: application/json), not ${type ? `"${type}"` : 'none'}.`;
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return `API bodies are UTF-8 JSON, not charset "${charset}".`;
  return null;
}

/** The body as JSON: strict UTF-8 (a leading byte-order mark dropped); empty means `{}`. */
export function parseBody(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; message: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: 'Request body is not valid UTF-8.' };
  }
  if (!text.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `Request body is not JSON: ${(error as Error).message}` };
  }
}

/** Over this the rest of an oversized body is not even drained: reading it would cost more than a reset. */
const DRAIN_LIMIT = 16 * MAX_BODY;

/** Reads a body up to MAX_BODY; an oversized one is drained (to answer 413 rather than reset) up to DRAIN_LIMIT. */
function readBody(req: IncomingMessage): Promise<{ ok: true; bytes: Buffer } | { ok: false }> {
  return new Promise((done, failed) => {
    if (Number(req.headers['content-length'] ?? 0) > DRAIN_LIMIT) return done({ ok: false });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) {
        req.pause();
        done({ ok: false });
      }
    });
    req.on('end', () => done(size > MAX_BODY ? { ok: false } : { ok: true, bytes: Buffer.concat(chunks) }));
    req.on('error', failed);
  });
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
