/**
 * Answers that are not a chat completion, as a server at a wrong URL or behind a broken proxy sends them:
 *   mock-html        HTTP 200 with a web server's HTML page
 *   mock-plaintext   HTTP 200 with text/plain
 *   mock-cut         HTTP 200 whose JSON body stops halfway: the connection closes before the announced length
 *   mock-textjson    a whole completion (mock-echo's) labelled text/plain, as some local servers send it
 * And the key quoted back in a successful answer: a model id with `-keyecho` in it (`mock-echo-keyecho`,
 * `mock-judge-keyecho`) replies as the model before it and then names the key it was sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const FAULT_MODELS = ['mock-html', 'mock-plaintext', 'mock-cut', 'mock-textjson'];

/** The headers of a successful answer: its content type changed where the model id asks for it. */
export function answerHeaders(model: string, headers: Record<string, string>): Record<string, string> {
  return model.startsWith('mock-textjson') ? { ...headers, 'content-type': 'text/plain; charset=utf-8' } : headers;
}

const HTML_PAGE = '<!DOCTYPE html>\n<html>\n<head><title>Welcome to nginx!</title></head>\n<body><h1>Welcome to nginx!</h1><p>If you see this page, the web server works.</p></body>\n</html>\n';

/** The key a request was sent with (Anthropic: x-api-key or a Bearer token; OpenAI: a Bearer token). */
export function keyOf(req: IncomingMessage): string {
  return String(req.headers['x-api-key'] ?? (req.headers.authorization ?? '').replace(/^Bearer /, ''));
}

/** A reply that quotes the key, when the model id asks for it. */
export function withKeyEcho(model: string, text: string, key: string): string {
  return model.includes('-keyecho') ? `${text} (answered for key ${key})` : text;
}

/** Answers a fault model's request on the wire itself; false when the model is not one of them. */
export function sendWireFault(model: string, res: ServerResponse): boolean {
  if (model.startsWith('mock-html')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HTML_PAGE);
    return true;
  }
  if (model.startsWith('mock-plaintext')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('It works! This is a plain web server, not a model.');
    return true;
  }
  if (model.startsWith('mock-cut')) {
    const body = Buffer.from(JSON.stringify({ id: 'chatcmpl-cut', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Is it a living thing?' } }] }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    // Half the announced bytes, then the connection closes: a proxy or server that died mid-answer.
    res.write(body.subarray(0, body.length >> 1), () => res.destroy());
    return true;
  }
  return false;
}
