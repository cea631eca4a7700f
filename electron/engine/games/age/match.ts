/**
 * AGE guess matching (paper §3.4): "the correlation between target words and responses will be
 * evaluated using the Jaro similarity metric ... with a threshold value greater than 0.8, and a
 * dictionary of similar words created by annotators".
 *
 * Plain Jaro, not Jaro–Winkler: the paper names Jaro, and the Winkler prefix bonus would accept
 * words that merely share a beginning ("breakfast" for "bread": Jaro 0.748, Jaro–Winkler 0.849).
 */
import talismanJaro from 'talisman/metrics/jaro.js';

/** How a guess is compared with the annotators' synonyms of a target. */
export type SynonymMatch = 'exact' | 'jaro';

export interface MatchSettings {
  /**
   * 'exact' (default): a synonym counts only when the guess equals it after normalisation.
   * The paper lists the dictionary beside the Jaro test, not under it; the dictionary exists to
   * accept different words ("sofa" for "couch") that spelling similarity cannot, while Jaro
   * already absorbs the spelling variants. Applying Jaro to every synonym as well multiplies the
   * near-misses that pass (a synonym's near-neighbour is often an unrelated word) and makes the
   * score depend on the size of the dictionary. 'jaro' is kept for readers who take the other view.
   */
  synonymMatch: SynonymMatch;
  /** A guess is correct when Jaro is strictly greater than this (0.8 in the paper). */
  threshold: number;
  /** People's rulings on particular guesses (settings `synonyms` and `rejected`); none by default. */
  rulings?: GuessRulings;
}

/** Guesses people ruled on, by target word (keys and guesses compared as `wordKey` reads them). */
export interface GuessRulings {
  /** Guesses that name the word although Jaro and the list's synonyms miss them. */
  accepted: Readonly<Record<string, readonly string[]>>;
  /** Guesses that do not name the word although Jaro or a synonym accepts them; a rejection wins over everything. */
  rejected: Readonly<Record<string, readonly string[]>>;
}

export const DEFAULT_MATCH_SETTINGS: MatchSettings = { synonymMatch: 'exact', threshold: 0.8 };

/** Lower case, trimmed, inner runs of whitespace collapsed to one space. */
export function normalise(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Jaro similarity is strictly above a threshold when it clears it by more than this: the library's doubles put "exactly 0.8" at 0.7999… or 0.8000…1. */
const ROUNDING = 1e-9;

/**
 * Plain Jaro similarity in [0, 1] of the strings as given, from talisman (metrics/jaro): t = ⌊T/2⌋ as
 * in Winkler's reference code strcmp95 and the usual Python packages (jellyfish, rapidfuzz), which
 * the paper's authors most likely used; two empty strings are identical (1).
 */
export function jaro(a: string, b: string): number {
  return talismanJaro(a, b);
}

/** Jaro(a, b) > threshold, strictly: "ab" / "abxyz" is exactly 0.8 and does not pass 0.8. */
export function jaroExceeds(a: string, b: string, threshold: number): boolean {
  return jaro(a, b) > threshold + ROUNDING;
}

/** check.ts's wordKey (which imports this module): NFC, then `normalise`. */
const keyOf = (text: string): string => normalise(text.normalize('NFC'));

/**
 * What people ruled on this guess of this target: false when rejected, true when accepted, null when
 * neither. Exact after `keyOf`, whatever `synonymMatch` says: a ruling is about the guess as written.
 */
export function ruling(guess: string, target: string, rulings: GuessRulings | undefined): boolean | null {
  if (!rulings) return null;
  const t = keyOf(target);
  const g = keyOf(guess);
  const listed = (book: GuessRulings['accepted']) => Object.entries(book).some(([word, guesses]) => keyOf(word) === t && guesses.some((x) => keyOf(x) === g));
  if (listed(rulings.rejected)) return false;
  return listed(rulings.accepted) ? true : null;
}

/**
 * Whether a guess names the target: Jaro(guess, target) > threshold after normalising both, or the
 * guess matches one of the target's annotated synonyms (exactly, or by Jaro: `synonymMatch`).
 * People's rulings come first (`settings.rulings`). An empty guess is never correct.
 */
export function isCorrectGuess(
  guess: string,
  target: string,
  synonyms: readonly string[] = [],
  settings: MatchSettings = DEFAULT_MATCH_SETTINGS,
): boolean {
  const g = normalise(guess);
  if (g === '') return false;
  const ruled = ruling(guess, target, settings.rulings);
  if (ruled !== null) return ruled;
  if (jaroExceeds(g, normalise(target), settings.threshold)) return true;
  return synonyms.some((synonym) => {
    const s = normalise(synonym);
    if (s === '') return false;
    return settings.synonymMatch === 'exact' ? g === s : jaroExceeds(g, s, settings.threshold);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * A word or phrase as a pattern, its inner spaces flexible and a plural allowed on its last word:
 * -s always, -es after s/x/z/ch/sh/o ("boxes", "tomatoes"), -ies for consonant + y ("berries").
 */
function phrasePattern(word: string): string {
  const body = word.split(' ').map(escapeRegExp).join('\\s+');
  if (/[^aeiou]y$/u.test(word)) return `${body.slice(0, -1)}(?:ys?|ies)`;
  return /(?:s|x|z|ch|sh|o)$/u.test(word) ? `${body}(?:e?s)?` : `${body}s?`;
}

/**
 * Whether a description names its own secret word or one of its synonyms as a whole word:
 * case-insensitive, inner whitespace of multi-word entries flexible, a plural tolerated.
 * Word edges are letters/digits in any script (JavaScript's \b is ASCII-only), so "cake-like" and
 * "cake's" name "cake" but "cupcake" and "cakewalk" do not.
 */
export function isLeak(description: string, ownWord: string, synonyms: readonly string[] = []): boolean {
  const text = description.toLowerCase();
  return [ownWord, ...synonyms].some((word) => {
    const w = normalise(word);
    if (w === '') return false;
    return new RegExp(`(?<![\\p{L}\\p{N}])${phrasePattern(w)}(?![\\p{L}\\p{N}])`, 'u').test(text);
  });
}
