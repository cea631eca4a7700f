/** Keys never reach the database: a provider error that echoes one is redacted before it is stored. */

// Common key shapes (OpenAI, Anthropic and the many proxies that copy them), in case a server echoes a key we were not given.
const KEY_SHAPES = /\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|key-[A-Za-z0-9]{16,}|Bearer\s+[A-Za-z0-9._~+/-]{16,}=*)/g;

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[redacted key]');
  return out.replace(KEY_SHAPES, '[redacted key]');
}

/** The same value with every string redacted (error bodies are small JSON). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return redactText(value, secrets) as T;
  const text = JSON.stringify(value);
  const clean = redactText(text, secrets);
  return clean === text ? value : (JSON.parse(clean) as T);
}
