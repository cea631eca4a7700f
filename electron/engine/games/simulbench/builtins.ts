/**
 * Built-in SimulBench players (`builtin:reference`, `builtin:reference-<name>`), reading only their
 * messages, deterministic, so evaluation runs offline. The simulator answers the last user message
 * with a short "output" (its name changes the wording, so two built-ins give different answers); the
 * judge rates an answer 3–10 by a hash of its text, in the paper's format, and compares two answers by
 * those ratings. `builtin:reference-first` is a judge with a position bias: it always prefers A.
 */
import { createHash } from 'node:crypto';
import { textOf } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';

const lastUser = (messages: Parameters<BuiltinPolicy>[0]) => textOf([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');

const simulator: BuiltinPolicy = (messages, variant = '') => {
  const query = lastUser(messages).replace(/\s+/g, ' ').trim().slice(0, 80);
  return variant ? `[${variant}] output for: ${query}` : `output for: ${query}`;
};

/** The JSON-dumped answer between two markers of the judge prompt. */
function block(prompt: string, start: string, end: string): string {
  const from = prompt.indexOf(start);
  const to = prompt.indexOf(end, from);
  return from < 0 || to < 0 ? '' : prompt.slice(from + start.length, to).trim();
}

const rating = (answer: string) => 3 + (createHash('sha256').update(answer).digest().readUInt8(0) % 8);

const judge: BuiltinPolicy = (messages, variant = '') => {
  const prompt = lastUser(messages);
  if (prompt.includes('[The Start of Candidate Response A]')) {
    if (variant === 'first') return 'Response A reads better to me. [[A]]';
    const a = rating(block(prompt, '[The Start of Candidate Response A]', '[The End of Candidate Response A]'));
    const b = rating(block(prompt, '[The Start of Candidate Response B]', '[The End of Candidate Response B]'));
    return `A would rate ${a}, B ${b}. ${a > b ? '[[A]]' : a < b ? '[[B]]' : '[[C]]'}`;
  }
  const answer = block(prompt, '[The Start of the Last Response]', '[The End of the Last Response]');
  return `The response follows the task's format. Rating: [[${rating(answer)}]]`;
};

export const simulBuiltins: Readonly<Record<string, BuiltinPolicy>> = { simulator, model_a: simulator, model_b: simulator, judge };
