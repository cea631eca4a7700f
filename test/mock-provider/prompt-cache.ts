/**
 * Prompt caching as the providers report it. Anthropic: prefixes up to a block marked with
 * `cache_control` are cached for five minutes once they reach 1,024 tokens; a request reads the longest
 * marked prefix cached before (`cache_read_input_tokens`), writes the rest of its marked prefixes
 * (`cache_creation_input_tokens`), and `input_tokens` counts only what is left. OpenAI: automatic for
 * prompts of 1,024 tokens or more; `prompt_tokens_details.cached_tokens` is the longest run of whole
 * leading messages seen before, in steps of 128 tokens, and `prompt_tokens` still counts everything.
 */
import { createHash } from 'node:crypto';
import { countTokens } from './behaviours';

const MIN_TOKENS = 1024;
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 200_000;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

interface Block {
  text: string;
  marked: boolean;
}

function blocksOf(content: unknown): Block[] {
  if (typeof content === 'string') return [{ text: content, marked: false }];
  if (!Array.isArray(content)) return [];
  return (content as { text?: unknown; cache_control?: unknown }[]).map((b) => ({ text: typeof b?.text === 'string' ? b.text : '', marked: Boolean(b?.cache_control) }));
}

export class PromptCache {
  private readonly anthropic = new Map<string, number>();
  private readonly openai = new Set<string>();

  /** Anthropic usage fields for a request of `total` prompt tokens. */
  anthropicUsage(model: string, body: Record<string, unknown>, total: number, now = Date.now()) {
    const blocks = [...blocksOf(body.system), ...(Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : []).flatMap((m) => blocksOf(m.content))];
    let text = '';
    const marked: { key: string; tokens: number }[] = [];
    for (const b of blocks) {
      text += b.text;
      if (b.marked) marked.push({ key: hash(`${model}\u0000${text}`), tokens: Math.min(total, countTokens(text)) });
    }
    const cacheable = marked.filter((m) => m.tokens >= MIN_TOKENS);
    let read = 0;
    for (const m of cacheable) if ((this.anthropic.get(m.key) ?? 0) > now) read = Math.max(read, m.tokens);
    const longest = Math.max(0, ...cacheable.map((m) => m.tokens));
    const written = Math.max(0, longest - read);
    if (this.anthropic.size > MAX_ENTRIES) this.anthropic.clear();
    for (const m of cacheable) this.anthropic.set(m.key, now + TTL_MS);
    return { input_tokens: Math.max(0, total - read - written), cache_read_input_tokens: read, cache_creation_input_tokens: written };
  }

  /** OpenAI's cached tokens for a request of `total` prompt tokens. */
  openaiCached(model: string, messages: readonly { role: string; content: string }[], total: number): number {
    if (total < MIN_TOKENS) return 0;
    let text = '';
    let cached = 0;
    const keys: string[] = [];
    for (const m of messages) {
      text += `${m.role}\u0000${m.content}\u0000`;
      const key = hash(`${model}\u0000${text}`);
      keys.push(key);
      if (this.openai.has(key)) cached = Math.min(total, countTokens(text));
    }
    if (this.openai.size > MAX_ENTRIES) this.openai.clear();
    for (const key of keys) this.openai.add(key);
    const rounded = Math.floor(cached / 128) * 128;
    return rounded >= MIN_TOKENS ? rounded : 0;
  }
}
