/** What a judge reply was normalised to; `bingo` is set by the game rules, never by the judge model. */
export type JudgeLabel = 'yes' | 'no' | 'maybe' | 'dunno' | 'bingo' | 'other';

/** A dataset line `Name | Alias | …` as the name shown and every alias that wins the game. */
export function parseEntityLine(line: string): { name: string; aliases: string[] } {
  const aliases = line
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  return { name: aliases[0] ?? line.trim(), aliases };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a question names the entity: any alias as a whole word, case-insensitively
 * (the reference code's `(?:^|\W)alias(?:$|\W)`, with Unicode letters counted as word characters
 * as Python 3 does, and aliases matched literally rather than as regular expressions).
 */
export function mentionsEntity(question: string, aliases: readonly string[]): boolean {
  const text = question.normalize('NFC');
  return aliases.some((alias) => aliasPattern(alias).test(text));
}

// Compiling a Unicode regular expression costs far more than running it; aliases repeat every turn.
const patterns = new Map<string, RegExp>();
function aliasPattern(alias: string): RegExp {
  let pattern = patterns.get(alias);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${escapeRegExp(alias.normalize('NFC'))}(?![\\p{L}\\p{N}\\p{M}_])`, 'iu');
    patterns.set(alias, pattern);
  }
  return pattern;
}

/** Normalises a judge reply by its first word: "Yes." → yes, "no" → no, "Maybe, …" → maybe; anything else → other. */
export function judgeLabel(raw: string): JudgeLabel {
  const match = /^[\s"'“”‘’*_`([]*(yes|no|maybe|dunno)(?![\p{L}\p{N}])/iu.exec(raw);
  return match ? (match[1]!.toLowerCase() as JudgeLabel) : 'other';
}

/**
 * The reference code rewrites "the entity you're thinking of" to "it" and drops
 * "you're thinking of" from every generated question (case-sensitive, ASCII apostrophe).
 */
export function rewriteQuestion(generated: string): string {
  return generated
    .trim()
    .replaceAll('the entity you are thinking of', 'it')
    .replaceAll("the entity you're thinking of", 'it')
    .replaceAll(" you're thinking of", '')
    .replaceAll(' you are thinking of', '')
    .trim();
}

/** Fills `{entity}` and `{question}` in one pass, so braces inside a question are left alone. */
export function fillTemplate(template: string, values: { entity: string; question: string }): string {
  return template.replace(/\{(entity|question)\}/g, (_match, key: 'entity' | 'question') => values[key]);
}
