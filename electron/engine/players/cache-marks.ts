/**
 * Anthropic prompt caching: `cache_control` marks on the long prefixes calls share. The system prompt
 * and the first user message (a game's rules, a script) are the same for every turn of every episode;
 * the last message marks the conversation so far, which the next turn of the same episode starts with.
 * Three marks of the four Anthropic allows; prefixes under its minimum length are simply not cached.
 */
type Block = Record<string, unknown>;
type Message = { role?: unknown; content?: unknown };

const EPHEMERAL = { type: 'ephemeral' };

function marked(content: unknown): unknown {
  if (typeof content === 'string') return [{ type: 'text', text: content, cache_control: EPHEMERAL }];
  if (!Array.isArray(content) || content.length === 0) return content;
  const blocks = content as Block[];
  return [...blocks.slice(0, -1), { ...blocks.at(-1), cache_control: EPHEMERAL }];
}

/** A copy of an Anthropic messages body with the marks; the body itself is not changed. */
export function withCacheMarks(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  if (typeof body.system === 'string' && body.system) out.system = marked(body.system);
  const messages = Array.isArray(body.messages) ? [...(body.messages as Message[])] : [];
  const first = messages.findIndex((m) => m.role === 'user');
  const at = new Set<number>();
  if (first >= 0) at.add(first);
  if (messages.length >= 3) at.add(messages.length - 1);
  for (const i of at) messages[i] = { ...messages[i], content: marked(messages[i]!.content) };
  if (Array.isArray(body.messages)) out.messages = messages;
  return out;
}
