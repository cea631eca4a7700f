/**
 * Question normalisation for the EDA failure-mode detectors. Guessers reword the same question
 * ("Is the entity a thing?" / "Is it an object?"), so the rules compare normalised tokens, not text.
 */

/** Ways of naming the hidden entity; all become "it" so the wording of the subject never matters. */
const SUBJECT_PHRASES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['the', new Set(['entity', 'object', 'thing', 'item', 'celebrity', 'person'])],
  ['this', new Set(['person'])],
]);
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'they']);

/** Words the guesser uses interchangeably; each class collapses to its first word. */
const SYNONYM_CLASSES: readonly (readonly string[])[] = [
  ['object', 'thing', 'item', 'entity', 'physical'],
  ['manmade', 'artificial', 'man-made', 'human-made'],
  ['living', 'alive', 'animate'],
  ['male', 'man'],
  ['female', 'woman'],
];
const SYNONYMS: ReadonlyMap<string, string> = new Map(
  SYNONYM_CLASSES.flatMap((words) => words.map((word): [string, string] => [word, words[0]!])),
);

/** Function words: dropping them leaves what a question is about (its content tokens). */
const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an the is it its does do did can could are was were be been being of to for in on or and this that with by at as has have had any'.split(' '),
);

/**
 * Words too vague to rule anything out: "Is it a British national? No." rules out British, not
 * nationals. "object" stays a content word (a thing vs. an object is a real repeat) but is no key.
 */
const GENERIC_WORDS: ReadonlySet<string> = new Set(
  ('national person people object thing type kind sort something someone celebrity known primarily mainly mostly ' +
    'commonly typically often usually generally related associated made used work their').split(' '),
);

/** One question, normalised once and shared by every rule. */
export interface NormalizedQuestion {
  /** Subject and synonym mapped tokens, stop words kept: what frames (shared prefixes) compare. */
  tokens: readonly string[];
  /** `tokens` minus stop words: what redundancy compares. */
  content: ReadonlySet<string>;
  /** `content` minus generic words: what an answer rules in or out. */
  keys: ReadonlySet<string>;
  /** Whether the question says "not"/"non"/"non-…": it asks about the opposite of its keys. */
  negated: boolean;
  /** `content` with negation dropped ("not", "non") and "non-x" read as x: what a negation is about. */
  positive: ReadonlySet<string>;
}

/** Lowercase words; punctuation becomes a break except hyphens and apostrophes inside words. */
export function rawTokens(question: string): string[] {
  return question
    .normalize('NFC')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[^\p{L}\p{N}\p{M}\s'-]/gu, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/^['-]+|['-]+$/g, ''))
    .filter((token) => token.length > 0);
}

/** Raw tokens with subject phrases and pronouns read as "it" and synonyms collapsed. */
export function questionTokens(question: string): string[] {
  const raw = rawTokens(question);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i]!;
    const next = raw[i + 1];
    if (next !== undefined && SUBJECT_PHRASES.get(token)?.has(next)) {
      out.push('it');
      i++;
    } else {
      out.push(SUBJECT_PRONOUNS.has(token) ? 'it' : canonical(token));
    }
  }
  return out;
}

/** A token's synonym-class representative (itself when it has none). */
export function canonical(token: string): string {
  return SYNONYMS.get(token) ?? token;
}

export function contentTokens(tokens: readonly string[]): Set<string> {
  return new Set(tokens.filter((token) => !STOP_WORDS.has(token)));
}

export function keyTokens(content: ReadonlySet<string>): Set<string> {
  return new Set([...content].filter((token) => !GENERIC_WORDS.has(token)));
}

const isNegation = (token: string) => token === 'not' || token === 'non' || token.startsWith('non-');

/** Content with negation markers removed and "non-x" read as x (x synonym mapped). */
export function positiveTokens(content: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const token of content) {
    if (token === 'not' || token === 'non') continue;
    const stripped = token.startsWith('non-') ? canonical(token.slice(4)) : token;
    if (stripped.length > 0) out.add(stripped);
  }
  return out;
}

export function normalizeQuestion(question: string): NormalizedQuestion {
  const tokens = questionTokens(question);
  const content = contentTokens(tokens);
  return {
    tokens,
    content,
    keys: keyTokens(content),
    negated: tokens.some(isNegation),
    positive: positiveTokens(content),
  };
}

/** Whether every member of `part` is in `whole`. */
export function containsAll(whole: ReadonlySet<string>, part: ReadonlySet<string>): boolean {
  for (const token of part) if (!whole.has(token)) return false;
  return true;
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && containsAll(a, b);
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty, so empty questions never look alike. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Length of the longest common prefix of two token lists. */
export function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
