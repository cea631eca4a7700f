/** Marks for reading EDA episodes side by side: the first Yes, the winning turn, repeated questions. */
import type { EventRecord } from '../../core/events';
import type { RoundMark } from '../../capabilities/marks/provision';
import { edaTurns } from './turns';

const STOP = new Set(['a', 'an', 'the', 'it', 'is', 'are', 'was', 'be', 'does', 'do', 'can', 'this', 'that', 'of', 'to', 'in', 'you', 'your', 'thinking', 'thing']);

/** The content words of a question, lower-cased, without punctuation or filler. */
export function questionWords(question: string): Set<string> {
  const words = question.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => !STOP.has(w)));
}

/** Jaccard similarity of two word sets; two empty sets are not similar. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A question whose content words overlap an earlier one's this much counts as a repeat. */
export const NEAR_DUPLICATE = 0.8;

/** Marks per round: the first Yes, the winning turn, and the earlier question a question repeats. */
export function edaMarks(events: readonly EventRecord[]): RoundMark[] {
  const turns = edaTurns(events).turns;
  const firstYes = turns.find((t) => t.label === 'yes')?.idx ?? null;
  const seen: { idx: number; words: Set<string> }[] = [];
  return turns.map((t) => {
    const words = questionWords(t.question);
    const repeat = seen.find((s) => jaccard(s.words, words) >= NEAR_DUPLICATE);
    seen.push({ idx: t.idx, words });
    const marks = [...(t.idx === firstYes ? ['first-yes'] : []), ...(t.label === 'bingo' ? ['winning'] : [])];
    return { round: t.idx, marks, repeatOf: repeat?.idx ?? null };
  });
}
