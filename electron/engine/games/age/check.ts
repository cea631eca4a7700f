/**
 * The rules every AGE word list follows, whatever file it came from: two different, non-empty words
 * per pair, synonyms that never name the other word, no pair twice. What the parsers hand in is a
 * pair as written plus where it was (a CSV line, a JSON pair index), so every problem names it.
 */
import type { DatasetProblem } from '../../core/game';
import { DEFAULT_MATCH_SETTINGS, jaro, jaroExceeds } from './match';
import { fixed } from '../../../../shared/text/number';

export interface AgePair {
  /** The list's id ("A", "business", or a user file's id). */
  list: string;
  topic: string;
  /** 0-based position in its list. */
  index: number;
  a: string;
  b: string;
  synonyms: { a: string[]; b: string[] };
}

/** One pair as a file wrote it, before checking. */
export interface RawPair {
  /** 1-based line in the file; 0 when unknown. */
  line: number;
  /** How messages name the pair when the line is not enough ("pairs[3]"); empty for CSV. */
  ref: string;
  a: string;
  b: string;
  synonyms: { a: string[]; b: string[] };
}

/** What the file calls the fields, so messages use the user's own words. */
export interface FieldNames {
  a: string;
  b: string;
  synA: string;
  synB: string;
}

/** The paper's Jaro threshold (§3.4), as the game's matcher applies it. */
const THRESHOLD = DEFAULT_MATCH_SETTINGS.threshold;

/** Longer than any word or phrase a player would guess: a longer entry is a pasted sentence or a broken file. */
export const MAX_ENTRY = 60;

/** How words are compared: case, Unicode form and spacing never make two words different. */
export const wordKey = (text: string): string => text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
const tidy = (text: string): string => text.normalize('NFC').trim().replace(/\s+/g, ' ');
const quote = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The word and its synonyms, the forms a guess may name. */
export function wordForms(pair: Pick<AgePair, 'a' | 'b' | 'synonyms'>, side: 'a' | 'b'): string[] {
  return [pair[side], ...pair.synonyms[side]];
}

/**
 * The first form of one word that the paper's Jaro rule would also accept for the other (equal
 * forms included), if any. Every form against every form: stricter than the game's default (Jaro
 * against the word, synonyms exactly), so a list also holds under its `synonymMatch: 'jaro'`.
 */
export function jaroClash(formsA: readonly string[], formsB: readonly string[]): { x: string; y: string; score: number } | null {
  for (const x of formsA) {
    for (const y of formsB) {
      if (jaroExceeds(wordKey(x), wordKey(y), THRESHOLD)) return { x, y, score: jaro(wordKey(x), wordKey(y)) };
    }
  }
  return null;
}

/** Synonyms in order, trimmed, without repeats or the word itself. */
function cleanSynonyms(word: string, synonyms: readonly string[]): string[] {
  const seen = new Set([wordKey(word)]);
  const out: string[] = [];
  for (const s of synonyms.map(tidy)) {
    if (!s || seen.has(wordKey(s))) continue;
    seen.add(wordKey(s));
    out.push(s);
  }
  return out;
}

/** Errors in one pair's entries taken one by one (empty, control characters, too long). */
function entryProblems(raw: RawPair, names: FieldNames): string[] {
  const found: string[] = [];
  const entries: [string, string][] = [
    [names.a, raw.a],
    [names.b, raw.b],
    ...raw.synonyms.a.map((s): [string, string] => [names.synA, s]),
    ...raw.synonyms.b.map((s): [string, string] => [names.synB, s]),
  ];
  if (!raw.a.trim()) found.push(`${names.a} is empty`);
  if (!raw.b.trim()) found.push(`${names.b} is empty`);
  for (const [field, text] of entries) {
    if (field !== names.a && field !== names.b && !text.trim()) found.push(`${field} has an empty synonym`);
    else if (/\p{Cc}/u.test(text)) found.push(`${field} has a control character in ${quote(text.replace(/\p{Cc}/gu, '�'))}`);
    else if (tidy(text).length > MAX_ENTRY) found.push(`${field} entry ${quote(tidy(text))} is ${tidy(text).length} characters long (at most ${MAX_ENTRY})`);
  }
  return found;
}

/** Errors between the two sides of a pair: the same word twice, or a synonym that names the other word. */
function sideProblems(a: string, b: string, synA: string[], synB: string[], names: FieldNames): string[] {
  if (wordKey(a) === wordKey(b)) return [`${names.a} and ${names.b} are the same word (${quote(a)})`];
  const found: string[] = [];
  const keysB = new Set(synB.map(wordKey));
  for (const s of synA) {
    if (wordKey(s) === wordKey(b)) found.push(`${names.synA} lists ${quote(s)}, which is ${names.b}: a guess of it would count for both words`);
    else if (keysB.has(wordKey(s))) found.push(`${quote(s)} is in both ${names.synA} and ${names.synB}: a guess of it would count for both words`);
  }
  for (const s of synB) {
    if (wordKey(s) === wordKey(a)) found.push(`${names.synB} lists ${quote(s)}, which is ${names.a}: a guess of it would count for both words`);
  }
  return found;
}

/**
 * Checks a list's pairs and returns the good ones numbered in order. Errors: empty or over-long
 * entries, a word equal to its partner, a synonym naming the other word, a pair given twice (in
 * either order). Warnings: a word in two pairs (played twice), forms of the two words so alike
 * that the paper's Jaro rule would take a guess of one for the other.
 */
export function checkPairs(raws: readonly RawPair[], list: { id: string; topic: string }, names: FieldNames): { pairs: AgePair[]; problems: DatasetProblem[] } {
  const problems: DatasetProblem[] = [];
  const pairs: AgePair[] = [];
  const seenPairs = new Map<string, string>();
  const seenWords = new Map<string, string>();
  const where = (raw: RawPair) => raw.ref || `line ${raw.line}`;
  const report = (raw: RawPair, severity: DatasetProblem['severity'], message: string) =>
    problems.push({ severity, line: raw.line, message: raw.ref ? `${raw.ref}: ${message}` : message });

  for (const raw of raws) {
    const entryErrors = entryProblems(raw, names);
    if (entryErrors.length) {
      entryErrors.forEach((m) => report(raw, 'error', m));
      continue;
    }
    const a = tidy(raw.a);
    const b = tidy(raw.b);
    const synA = cleanSynonyms(a, raw.synonyms.a);
    const synB = cleanSynonyms(b, raw.synonyms.b);
    const sideErrors = sideProblems(a, b, synA, synB, names);
    const pairKey = [wordKey(a), wordKey(b)].sort().join('\u0000');
    const earlier = seenPairs.get(pairKey);
    if (earlier) sideErrors.push(`the pair ${quote(a)} / ${quote(b)} already appears at ${earlier}`);
    if (sideErrors.length) {
      sideErrors.forEach((m) => report(raw, 'error', m));
      continue;
    }
    seenPairs.set(pairKey, where(raw));
    for (const word of [a, b]) {
      const other = seenWords.get(wordKey(word));
      if (other) report(raw, 'warning', `${quote(word)} is also in the pair at ${other}: the list plays it twice`);
      else seenWords.set(wordKey(word), where(raw));
    }
    const clash = jaroClash([a, ...synA], [b, ...synB]);
    if (clash) {
      report(raw, 'warning', `${quote(clash.x)} and ${quote(clash.y)} are too alike (Jaro ${fixed(clash.score, 2)} > ${THRESHOLD}): under the paper's matching a guess of one counts as the other`);
    }
    pairs.push({ list: list.id, topic: list.topic, index: pairs.length, a, b, synonyms: { a: synA, b: synB } });
  }
  return { pairs, problems: problems.sort((x, y) => x.line - y.line) };
}
