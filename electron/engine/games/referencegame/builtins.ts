/**
 * Built-in players (`builtin:reference`) that read only their own prompt. The describer spells the
 * target grid out row by row on one line; the follower finds the grid whose rows the expression
 * spells out (or, for another describer's words, the grid most of whose rows it quotes).
 */
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';

const ORDINALS = ['first', 'second', 'third'] as const;
const ROWS_INTRO = 'the grid whose rows from top to bottom are: ';

function lastUserText(messages: readonly ChatMessage[]): string {
  const m = [...messages].reverse().find((x) => x.role === 'user');
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
}

/** The grid printed after a heading line such as "Target grid:" or "Second:" (lines up to the next blank line). */
function gridAfter(text: string, heading: string): string[] | null {
  const at = text.indexOf(`\n${heading}\n`);
  const start = at < 0 ? (text.startsWith(`${heading}\n`) ? 0 : -1) : at + 1;
  if (start < 0) return null;
  const rows: string[] = [];
  for (const line of text.slice(start + heading.length + 1).split('\n')) {
    if (line.trim() === '') {
      if (rows.length) break;
      continue;
    }
    rows.push(line.trim());
  }
  return rows.length ? rows : null;
}

export const describeTarget: BuiltinPolicy = (messages) => {
  const rows = gridAfter(lastUserText(messages), 'Target grid:');
  return rows ? `Expression: ${ROWS_INTRO}${rows.join(' / ')}` : 'Expression: the target grid';
};

const norm = (row: string) => row.replace(/\s+/g, ' ').trim();

/** The text between the third grid and the question: the describer's reply as the follower sees it. */
function expressionOf(text: string): string {
  const third = text.lastIndexOf('\nThird:\n');
  if (third < 0) return text;
  const lines = text.slice(third + '\nThird:\n'.length).split('\n');
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  const rest = lines.slice(i).join('\n');
  const question = rest.lastIndexOf('\nQuestion:');
  return (question < 0 ? rest : rest.slice(0, question)).trim();
}

export const guessTarget: BuiltinPolicy = (messages) => {
  const text = lastUserText(messages);
  const grids = ['First:', 'Second:', 'Third:'].map((h) => gridAfter(text, h) ?? []);
  const expression = expressionOf(text);
  const at = expression.indexOf(ROWS_INTRO);
  const spelled = at < 0 ? null : expression.slice(at + ROWS_INTRO.length).split('\n')[0]!.split(' / ').map(norm);
  const score = (rows: string[]) =>
    spelled ? (rows.length === spelled.length && rows.every((r, k) => norm(r) === spelled[k]) ? rows.length + 1 : 0) : rows.filter((r) => expression.includes(r)).length;
  let best = 0;
  grids.forEach((rows, i) => {
    if (score(rows) > score(grids[best]!)) best = i;
  });
  return `Answer: ${ORDINALS[best]}`;
};

export const REF_BUILTINS: Readonly<Record<string, BuiltinPolicy>> = { describer: describeTarget, follower: guessTarget };
