/**
 * The built-in AGE player (`builtin:reference`), reading only its own chat: its secret word from its
 * first message, the others' utterances from the conversation lines. It describes its word with a
 * fixed sentence that carries no clue (a clue from the word's spelling, length or first letter would
 * leak it). It stands in for comprehension with a rule, so offline games show the whole range of
 * scores: when its word is in a bundled list it knows the pair, and names the other word from a round
 * drawn from a hash of its word, its player number and its variant (`builtin:reference-<name>`: round
 * 2 to 5); before that, and for a user's list, it guesses the guess another
 * player made most often that is not its own word, else the commonest content word of the others'
 * descriptions that its own sentence lacks, else none. Deterministic, and always in the reply format.
 */
import { textOf } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import { createHash } from 'node:crypto';
import { isCorrectGuess, isLeak } from './match';
import { wordKey } from './check';
import { bundledAgeLists } from './words';
import { HEARD_DESCRIPTION, HEARD_GUESS, NO_DESCRIPTION, SECRET_WORD, TURN_LINE } from './prompts';

/** Clue-free sentences, the first that does not name the word is used. */
const HINTS = [
  'It is something people often talk about when this topic comes up.',
  'Many would recognise it from everyday conversation.',
  'You could come across it in ordinary life.',
];

const STOP = new Set(
  'about also been being both came come comes could does doing done each even ever from have having here into just keep kind like made make makes many more most much must only other over same some such than that their them then there these they thing things this those very what when where which while with would your yours often people something usually really'.split(' '),
);

/** The most frequent item, the earliest among equals; null for none. */
function commonest(items: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let best: string | null = null;
  for (const [item, count] of counts) if (best === null || count > counts.get(best)!) best = item;
  return best;
}

/** The rule's guess from the conversation lines. */
function guessFrom(lines: readonly string[], word: string, own: string): string | null {
  const guesses = lines.flatMap((l) => {
    const g = HEARD_GUESS.exec(l)?.[2]?.trim();
    return g && g.toLowerCase() !== 'none' && !isCorrectGuess(g, word) ? [g.toLowerCase()] : [];
  });
  const heard = commonest(guesses);
  if (heard !== null) return heard;
  const mine = new Set(own.toLowerCase().match(/\p{L}+/gu) ?? []);
  const words = lines.flatMap((l) => {
    const d = HEARD_DESCRIPTION.exec(l)?.[3];
    if (!d || d === NO_DESCRIPTION) return [];
    return (d.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 4 && !STOP.has(w) && !mine.has(w) && !isCorrectGuess(w, word));
  });
  return commonest(words);
}

/** The other word of the bundled pair holding this word, or null (a user's list, or a word in no pair). */
function otherWordOf(word: string): string | null {
  const key = wordKey(word);
  for (const list of bundledAgeLists()) {
    for (const pair of list.pairs) {
      if (wordKey(pair.a) === key) return pair.b;
      if (wordKey(pair.b) === key) return pair.a;
    }
  }
  return null;
}

/** The round from which the player names the other word: 2–5, from a hash of its word, player number and variant. */
function insightRound(word: string, player: number, variant: string): number {
  return 2 + (createHash('sha256').update(`${word}\u0000${player}\u0000${variant}`).digest().readUInt8(0) % 4);
}

const YOU_ARE = /You are Player (\d+)\./;

export const referencePlayer: BuiltinPolicy = (messages, variant = '') => {
  const prompts = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
  const text = prompts.join('\n');
  const word = SECRET_WORD.exec(text)?.[1]?.trim() ?? '';
  const rounds = [...text.matchAll(new RegExp(TURN_LINE.source, 'gm'))].map((m) => Number(m[1]));
  const round = rounds.at(-1) ?? 1;
  const description = HINTS.find((h) => !isLeak(h, word)) ?? HINTS[0]!;
  const player = Number(YOU_ARE.exec(text)?.[1] ?? 1);
  const other = otherWordOf(word);
  const guess = other !== null && round >= insightRound(word, player, variant) ? other : round >= 2 ? guessFrom(text.split('\n'), word, description) : null;
  return `DESCRIPTION: ${description}\nGUESS: ${guess ?? 'none'}`;
};
