/**
 * Built-in players of the script-making pipeline, deterministic and reading only their messages, so
 * the pipeline runs offline and over the wire (the loopback mock's `mock-play:simulbench_make:<role>`).
 * The user agent fills the prompt's JSON block with the task's request type and the turn it is for
 * (every other turn inside a bare ``` fence, which the reference strips; variant `prose` never writes
 * JSON); the simulator is SimulBench's built-in one; the judge names a turn from 0 to the dialogue's
 * last by a hash of the dialogue.
 */
import { createHash } from 'node:crypto';
import { textOf } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import { simulBuiltins } from '../simulbench/builtins';

/** The seat's prompt: its first user message (corrections come after it). */
const firstUser = (messages: Parameters<BuiltinPolicy>[0]) => textOf(messages.find((m) => m.role === 'user')?.content ?? '');

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from + start.length);
  return to < 0 ? '' : text.slice(from + start.length, to);
}

const userAgent: BuiltinPolicy = (messages, variant = '') => {
  if (variant === 'prose') return 'Next, I would ask for something much harder.';
  const prompt = firstUser(messages);
  const history = between(prompt, '## Interaction History\n', '\n## Strategy');
  const turn = (history.match(/"user": /g)?.length ?? 0) + 1;
  const marker = '"request": "[';
  const from = prompt.lastIndexOf(marker);
  const requestType = from < 0 ? 'a request' : prompt.slice(from + marker.length, prompt.indexOf(']"', from));
  const block = JSON.stringify({ user: { strategy: String(1 + (turn % 3)), request: `${requestType} (turn ${turn})` } }, null, 4);
  return turn % 2 === 0 ? `\`\`\`\n${block}\n\`\`\`` : block;
};

const judge: BuiltinPolicy = (messages) => {
  const prompt = firstUser(messages);
  const turns = Math.floor(Number(/turn number\(1 to (\d+),/.exec(prompt)?.[1] ?? 0) / 2);
  const dialogue = between(prompt, '[The Start of the Dialogue]', '[The End of the Dialogue]');
  const t = createHash('sha256').update(dialogue).digest().readUInt32BE(0) % (turns + 1);
  return `${t === 0 ? 'Every response is accurate.' : `The response at turn ${t} has errors.`} Turn: [[${t}]]`;
};

export const makeBuiltins: Readonly<Record<string, BuiltinPolicy>> = { user_agent: userAgent, simulator: simulBuiltins.simulator!, judge };
