/**
 * The reference MatchIt player (`builtin:reference`), reading only its own conversation: it describes
 * its grid row by row ("row 1: X ▢ X ▢ X; …"), asks for the other grid's rows one by one, answers
 * about its own rows truthfully, and decides by comparing every row it was told with its own grid.
 * Flags and the decision's words are taken from the prompts, so other instance files work too; the
 * image MatchIt's players read their moves the same way (`matchitMove`).
 */
import { textOf } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';

const quoted = (text: string, pattern: RegExp, fallback: string): string => pattern.exec(text)?.[1] ?? fallback;
const normal = (row: string) => row.trim().split(/\s+/).join(' ');

/** The move the game master's last message asks for, with the words it asks for it in. */
export type MatchItMove =
  | { kind: 'decision'; same: string; different: string }
  | { kind: 'answer'; flag: string; question: string }
  | { kind: 'question'; flag: string; asked: number }
  | { kind: 'description'; flag: string };

/** Reads a player's conversation: its prompts' texts and the move the last one asks for. */
export function matchitMove(messages: readonly ChatMessage[]): { prompts: string[]; move: MatchItMove } {
  const prompts = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
  const first = prompts[0] ?? '';
  const last = prompts.at(-1) ?? '';
  const decision = /Write "([^"]+)" if you think they are the same \w+ or "([^"]+)"/.exec(last);
  if (decision) return { prompts, move: { kind: 'decision', same: decision[1]!, different: decision[2]! } };
  if (/Start your answer with "/.test(last)) {
    const flag = quoted(last, /Start your answer with "([^"]+)"/, 'ANSWER:');
    const questionFlag = quoted(prompts.join('\n'), /Start with "([^"]+)"/, 'QUESTION:');
    return { prompts, move: { kind: 'answer', flag, question: last.slice(Math.max(0, last.lastIndexOf(questionFlag))) } };
  }
  if (/Start with "/.test(last)) {
    const flag = quoted(last, /Start with "([^"]+)"/, 'QUESTION:');
    const asked = messages.filter((m) => m.role === 'assistant' && textOf(m.content).startsWith(flag)).length;
    return { prompts, move: { kind: 'question', flag, asked } };
  }
  return { prompts, move: { kind: 'description', flag: quoted(first, /description with "([^"]+)"/, 'DESCRIPTION:') } };
}

/** The player's own grid: the lines after "This is your grid:" in its first prompt. */
function ownGrid(first: string): string[] {
  const at = first.lastIndexOf('grid:\n');
  const grid = at < 0 ? first : first.slice(at + 'grid:\n'.length);
  return grid.split('\n').map(normal).filter((row) => row !== '');
}

const describe = (rows: readonly string[]) => rows.map((row, i) => `row ${i + 1}: ${row}`).join('; ');

/** What the other player said about its rows (its description and its answers), by row number. */
function otherRows(prompts: readonly string[]): Map<number, string> {
  const rows = new Map<number, string>();
  for (const prompt of prompts) for (const m of prompt.matchAll(/row (\d+): ([^;\n]+)/g)) rows.set(Number(m[1]), normal(m[2]!));
  return rows;
}

export const referencePlayer: BuiltinPolicy = (messages) => {
  const { prompts, move } = matchitMove(messages);
  const rows = ownGrid(prompts[0] ?? '');
  const told = otherRows(prompts.slice(1));
  switch (move.kind) {
    case 'decision': {
      const same = told.size > 0 && [...told].every(([k, row]) => rows[k - 1] === row);
      return same ? move.same : move.different;
    }
    case 'answer': {
      const k = Number(/row (\d+)/i.exec(move.question)?.[1] ?? 0);
      return k >= 1 && k <= rows.length ? `${move.flag} row ${k}: ${rows[k - 1]}` : `${move.flag} ${describe(rows)}`;
    }
    case 'question': {
      // Rows told to differ from its own are checked first; otherwise the rows in order.
      const differing = rows.flatMap((row, i) => (told.has(i + 1) && told.get(i + 1) !== row ? [i + 1] : []));
      const k = differing.length ? differing[move.asked % differing.length]! : (move.asked % Math.max(rows.length, 1)) + 1;
      return `${move.flag} What exactly is in row ${k} of your grid?`;
    }
    case 'description':
      return `${move.flag} ${describe(rows)}`;
  }
};
