import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

// Keep-alive pools without a socket cap: a run keeps dozens of calls in flight to one host.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
};

function abortError(): Error {
  const error = new Error('The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

/**
 * A `fetch` for the provider SDKs over node:http(s) with buffered bodies. The SDKs do all the
 * protocol work; this only moves bytes, with a fraction of the CPU of the streaming WHATWG fetch,
 * which matters when hundreds of calls per second are in flight.
 */
export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError();
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  let body: Buffer | undefined;
  if (typeof init.body === 'string') body = Buffer.from(init.body);
  else if (init.body instanceof Uint8Array) body = Buffer.from(init.body);
  else if (init.body instanceof ArrayBuffer) body = Buffer.from(init.body);
  else if (init.body !== undefined && init.body !== null) {
    return fetch(input, init); // streams and forms: the platform fetch handles them
  }
  if (body) headers['content-length'] = String(body.length);

  return new Promise<Response>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] });
    const onAbort = () => req.destroy(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    req.once('error', (error) => {
      done();
      reject(error.name === 'AbortError' ? error : Object.assign(new TypeError('fetch failed'), { cause: error }));
    });
    req.once('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let received = 0;
      let settled = false;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
      });
      // The answer began but the connection closed before its end: not "could not reach", a body cut short.
      const cut = (error?: Error) => {
        if (settled) return;
        settled = true;
        done();
        const failure = signal?.aborted ? abortError() : new BodyCutShort(res.statusCode ?? 0, received, Number(res.headers['content-length']) || null, error);
        reject(failure.name === 'AbortError' ? failure : Object.assign(new TypeError('fetch failed'), { cause: failure }));
      };
      res.once('error', cut);
      res.once('close', () => {
        if (!res.complete) cut();
      });
      res.once('end', () => {
        if (settled) return;
        settled = true;
        done();
        resolve(new BufferedResponse(url.href, res, Buffer.concat(chunks)) as unknown as Response);
      });
    });
    req.end(body);
  });
}

/** The server closed the connection after the status line, before the body it announced was complete. */
export class BodyCutShort extends Error {
  readonly code = 'PARLOR_BODY_CUT_SHORT';

  constructor(
    readonly status: number,
    readonly received: number,
    /** The announced length (Content-Length), when there was one. */
    readonly expected: number | null,
    cause?: Error,
  ) {
    super(`the connection closed after ${received}${expected === null ? '' : ` of ${expected}`} bytes of the body`, { cause });
    this.name = 'BodyCutShort';
  }
}

/** The read-only part of `Headers` the SDKs use, over node's already-lowercased header object. */
class PlainHeaders {
  constructor(private readonly map: Record<string, string | string[] | undefined>) {}
  get(name: string): string | null {
    const value = this.map[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.map[name.toLowerCase()] !== undefined;
  }
  *entries(): IterableIterator<[string, string]> {
    for (const key of Object.keys(this.map)) yield [key, this.get(key)!];
  }
  keys(): IterableIterator<string> {
    return Object.keys(this.map)[Symbol.iterator]();
  }
  forEach(fn: (value: string, key: string) => void): void {
    for (const [key, value] of this.entries()) fn(value, key);
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * A fully buffered response with the members the SDKs read (status, ok, url, headers, text, json),
 * without the stream machinery of a WHATWG Response, which costs more CPU than the request itself.
 */
class BufferedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: PlainHeaders;
  readonly redirected = false;
  readonly type = 'basic';
  bodyUsed = false;

  constructor(
    readonly url: string,
    res: IncomingMessage,
    private readonly payload: Buffer,
  ) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new PlainHeaders(res.headers);
  }

  /** A stream over the buffered bytes, for the SDKs' line decoders (Anthropic's batch results). */
  get body(): ReadableStream<Uint8Array> {
    const bytes = new Uint8Array(this.payload.buffer, this.payload.byteOffset, this.payload.byteLength);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return this.payload.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    return this.payload.buffer.slice(this.payload.byteOffset, this.payload.byteOffset + this.payload.byteLength) as ArrayBuffer;
  }

  clone(): BufferedResponse {
    return Object.assign(Object.create(BufferedResponse.prototype) as BufferedResponse, this, { bodyUsed: false });
  }
}
