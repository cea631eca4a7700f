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
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const problem = refusal(req, url);
    if (problem) return sendJson(res, problem.status, { ok: false, error: { code: 'unauthorized', message: problem.message } });

    if (url.pathname === '/api/events' && req.method === 'GET') return openEventStream(res);
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'bad_request', message: 'API calls are POST requests.' } });
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
        return sendJson(res, 415, { ok: false, error: { code: 'bad_request', message: 'API calls carry a JSON body (Content-Type: application/json).' } });
      }
      const body = await readBody(req);
      if (body === null) return sendJson(res, 413, { ok: false, error: { code: 'bad_request', message: `Request body over ${MAX_BODY} bytes.` } });
      let input: unknown = {};
      if (body.length) {
        try {
          input = JSON.parse(body);
        } catch (error) {
          return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: `Request body is not JSON: ${(error as Error).message}` } });
        }
      }
      const method = safeDecode(url.pathname.slice('/api/'.length));
      if (method === null) return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: 'Malformed URL.' } });
      const envelope = ApiRequestSchema.safeParse({ method, input });
      const reply = envelope.success
        ? await options.service.registry.dispatch(envelope.data.method, envelope.data.input)
        : ({ ok: false, error: { code: 'bad_request', message: 'Malformed API request.' } } as const);
      return sendJson(res, reply.ok ? 200 : STATUS[reply.error.code], reply);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { ok: false, error: { code: 'bad_request', message: 'Method not allowed.' } });
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
    const offered = [url.searchParams.get('token'), /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null];
    if (offered.some((candidate) => candidate !== null && sameSecret(candidate, token))) return null;
    const asset = cookieValue(req.headers.cookie, cookieName());
    if (!url.pathname.startsWith('/api/') && asset !== null && sameSecret(asset, assetKey)) return null;
    return { status: 401, message: 'Missing or wrong Parlor token: open the URL that `parlor serve` printed.' };
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
    if (decoded === null) return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: 'Malformed URL.' } });
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    let file = resolve(staticRoot, relative);
    if (file !== staticRoot && !file.startsWith(staticRoot + sep)) return sendJson(res, 404, { ok: false, error: { code: 'not_found', message: 'Not found.' } });
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

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((done, failed) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        done(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
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
