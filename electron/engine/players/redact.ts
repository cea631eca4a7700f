/** Keys never reach the database: the model's own keys are redacted from everything stored, and any key-shaped text from errors. */

// Common key shapes (OpenAI, Anthropic and the many proxies that copy them), in case a server echoes a key we were not given.
const KEY_SHAPES = /\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|key-[A-Za-z0-9]{16,}|Bearer\s+[A-Za-z0-9._~+/-]{16,}=*)/g;

const REDACTED = '[redacted key]';

/**
 * Only the keys this model was given. Used on successful answers: a reply is the model's output, and
 * text that merely looks like a key (a puzzle answer "key-…", a code sample with "Bearer …") is data.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  return out;
}

/** The model's keys and anything shaped like a key: for error messages and bodies, which a proxy may fill with its own. */
export function redactText(text: string, secrets: readonly string[]): string {
  return redactSecrets(text, secrets).replace(KEY_SHAPES, REDACTED);
}

/** The same value with every string passed through `redact` (bodies are small JSON). */
function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return redact(value) as T;
  const text = JSON.stringify(value);
  const clean = redact(text);
  return clean === text ? value : (JSON.parse(clean) as T);
}

/** An error body: the model's keys and key shapes redacted. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  return redactStrings(value, (text) => redactText(text, secrets));
}

/** A request or successful answer: only the model's own keys redacted, so what the model said is kept. */
export function redactSecretsIn<T>(value: T, secrets: readonly string[]): T {
  return redactStrings(value, (text) => redactSecrets(text, secrets));
}
