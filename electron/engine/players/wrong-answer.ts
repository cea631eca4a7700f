/**
 * Answers that are not what a provider API sends: a web page, plain text, a body cut short. They are
 * named for what they are, so a wrong base URL (a web server, a proxy's login page) is recognised at
 * once instead of being reported as a completion without content and retried until the attempts run out.
 */
import { BodyCutShort } from './http-fetch';
import { ProviderError } from './errors';

/** What a server at the endpoint was expected to answer, and how its base URL usually looks. */
export interface ExpectedAnswer {
  /** "a chat completion", "a Messages API reply". */
  what: string;
  /** Where a right base URL usually points. */
  urlHint: string;
}

const SNIPPET = 80;

/** One line of at most SNIPPET printable characters (no control characters reach a terminal or a log). */
function snippet(text: string): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 1)}…` : line;
}

function looksLikeHtml(mediaType: string, text: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml' || /^\s*<(!doctype html|html|head|body)\b/i.test(text);
}

/** The body in words: `an HTML page titled "Welcome to nginx!"`, `plain text "It works"`, `an empty body`. */
export function describeBody(contentType: string | null, text: string): string {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!text.trim()) return 'an empty body';
  if (looksLikeHtml(mediaType, text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    return title && snippet(title) ? `an HTML page titled "${snippet(title)}"` : 'an HTML page';
  }
  if (mediaType === 'text/plain') return `plain text "${snippet(text)}"`;
  return `a body that is not JSON ("${snippet(text)}")`;
}

/** A JSON object sent under another content type (some local servers label completions text/plain), else null. */
export function jsonObjectIn(text: string): Record<string, unknown> | null {
  if (!/^\s*\{/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A successful status with a body that is not JSON: the SDKs hand such a body over as a string. Permanent:
 * a server that answers a completion request with a web page will answer the next one the same way.
 */
export function notJsonAnswer(where: string, status: number, contentType: string | null, text: string, expected: ExpectedAnswer): ProviderError {
  const type = contentType ? `, ${contentType.split(';')[0]!.trim()}` : ', no content type';
  return new ProviderError(
    'malformed',
    `${where} answered with ${describeBody(contentType, text)} (HTTP ${status}${type}), not the JSON of ${expected.what} — is the base URL right? ${expected.urlHint}`,
    { status, body: text, permanent: true },
  );
}

/** The response cut short on the way (the connection closed mid-body), if that is what failed. Passing: retried. */
export function cutShortAnswer(where: string, error: unknown): ProviderError | null {
  let cut: unknown = error;
  for (let depth = 0; cut && typeof cut === 'object' && !(cut instanceof BodyCutShort) && depth < 8; depth++) cut = (cut as { cause?: unknown }).cause;
  if (!(cut instanceof BodyCutShort)) return null;
  const status = cut.status > 0 ? cut.status : null;
  return new ProviderError('connection', `${where} answered${status ? ` HTTP ${status}` : ''}, but the response was cut short: ${cut.message}.`, { status, cause: error });
}

/** A body the SDK could not parse as JSON, said as what it most likely is. */
export function unparsableAnswer(where: string, error: SyntaxError, expected: ExpectedAnswer): ProviderError {
  // Node's JSON.parse names what it met: '<' is a web page sent as JSON; an end mid-value is a body cut short.
  if (/Unexpected token '?<'?/.test(error.message)) {
    return new ProviderError('malformed', `${where} answered with an HTML page labelled as JSON, not the JSON of ${expected.what} — is the base URL right? ${expected.urlHint}`, { cause: error, permanent: true });
  }
  if (/Unexpected end of JSON input|Unterminated string/i.test(error.message)) {
    return new ProviderError('malformed', `${where} sent a response cut short (its JSON stops partway: ${error.message}).`, { cause: error });
  }
  return new ProviderError('malformed', `${where} sent a body that is not valid JSON: ${error.message}`, { cause: error });
}
