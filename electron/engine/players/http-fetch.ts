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
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', (error) => {
        done();
        reject(Object.assign(new TypeError('fetch failed'), { cause: error }));
      });
      res.once('end', () => {
        done();
        const responseHeaders = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(payload, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
      });
    });
    req.end(body);
  });
}
