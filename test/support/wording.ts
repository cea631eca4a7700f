/**
 * What a rendered page must never say (issue 17, item 8): placeholders glued into brackets ("(—–—)"),
 * a count of one with a plural noun ("1 errors"), a number run into a word ("20hinted"), raw float
 * noise ("0.3333333333"), "NaN", "undefined", "null" or "[object Object]" in the text. Issue 27,
 * item 21 adds: an outcome label made plural with an "s" ("5 successfuls", "4 decideds"), a word
 * said twice ("Mean mean score"), empty brackets where a value was missing ("MatchIt ()"), and a
 * raw `key=value` of the code's names ("judgeLabel=maybe"). Each rule returns the offending
 * snippets, with some context, so a failure says where to look.
 */

export interface WordingProblem {
  rule: string;
  snippet: string;
}

/** Nouns that follow counts in Parlor's pages (a plural after "1" is the bug). */
const PLURALS = [
  'errors', 'episodes', 'runs', 'games', 'calls', 'items', 'labels', 'answers', 'turns', 'models', 'players', 'entities', 'instances', 'scripts',
  'conversations', 'seats', 'attempts', 'failed attempts', 'repetitions', 'rounds', 'questions', 'words', 'changes', 'annotators', 'sets', 'tokens',
  'matches', 'events', 'hints', 'tests', 'guesses', 'messages', 'files', 'images', 'experiments', 'topics', 'levels', 'pairs', 'rows', 'columns', 'results',
];

const RULES: { rule: string; pattern: RegExp }[] = [
  { rule: 'placeholder range in brackets', pattern: /\(\s*[—–-]\s*[—–-]\s*[—–-]?\s*\)/g },
  { rule: 'one with a plural noun', pattern: new RegExp(`(?<![\\d.,])\\b1 (?:${PLURALS.join('|')})\\b`, 'g') },
  { rule: 'number run into a word', pattern: /(?<![\w.:/#-])\d+(?!st\b|nd\b|rd\b|th\b|px\b|ms\b|x\b|k\b|d\b|h\b|m\b|s\b|b\b|o\b)[a-z]{3,}\b/g },
  { rule: 'float noise', pattern: /(?<![\w.])-?\d+\.\d{6,}\b/g },
  { rule: 'NaN or undefined', pattern: /\b(?:NaN|undefined|\[object Object\])\b|(?<![\w-])null(?![\w-])/g },
  { rule: 'negative zero', pattern: /(?<![\w.])-0(?:\.0+)?(?![\d.])/g },
  // An adjective or participle given a plural "s" after a count ("successful" + s, "decided" + s; not "seeds").
  { rule: 'outcome label made plural with s', pattern: /(?<![\w.])\d[\d,]* (?:[a-z]+ful|[a-z]*[^e\s]ed)s\b/g },
  // In running text (table cells are apart, joined by tabs); "AGE age/business" names a game, then its dataset.
  { rule: 'word said twice', pattern: /\b([a-z]{2,}) \1\b(?!\/)/gi },
  { rule: 'empty brackets', pattern: /(?<=[\w.,:] )\(\s*\)/g },
  // A camelCase name of the code with its value ("judgeLabel=maybe"), shown where words belong.
  { rule: 'raw key=value', pattern: /\b[a-z]+[A-Z][A-Za-z]*=[^\s=]+/g },
];

/** The problems in a page's visible text. */
export function wordingProblems(text: string): WordingProblem[] {
  const out: WordingProblem[] = [];
  for (const { rule, pattern } of RULES) {
    for (const m of text.matchAll(pattern)) {
      const at = m.index ?? 0;
      out.push({ rule, snippet: text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' ') });
    }
  }
  return out;
}
