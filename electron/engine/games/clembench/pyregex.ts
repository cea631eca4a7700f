/**
 * clembench instances carry Python regular expressions that the reference compiles with re.IGNORECASE
 * and applies with re.match (Reference game) or re.search (MapWorld). This turns one into a JavaScript
 * RegExp that matches the same strings: named groups are renamed, and the constructs whose meaning
 * differs between the two engines (`.`, `\s`, `\d`, `$`) are spelled out as Python reads them.
 */

/** Python's `\s` on str patterns (str.isspace); JavaScript's `\s` also takes U+FEFF and leaves out U+001C–U+001F and U+0085. */
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const SYNTAX = '^$\\.*+?()[]{}|/';

export class PyRegexError extends Error {}

/**
 * Compiles a Python pattern as re.compile(pattern, re.IGNORECASE); `exec` then behaves like re.match,
 * or like re.search with `{ search: true }`.
 */
export function pyRegex(pattern: string, options: { search?: boolean } = {}): RegExp {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new PyRegexError('the pattern ends with a lone backslash');
      i++;
      if (next === 's') out += inClass ? PY_SPACE : `[${PY_SPACE}]`;
      else if (next === 'S') out += inClass ? '\\S' : `[^${PY_SPACE}]`;
      else if (next === 'd') out += '\\p{Nd}';
      else if (/[ntrfvxuwWbB]/.test(next)) out += `\\${next}`;
      else if (/[A-Za-z0-9]/.test(next)) throw new PyRegexError(`the escape \\${next} is not supported`);
      // With the u flag JavaScript refuses identity escapes of characters that need none (\-, \:).
      else out += SYNTAX.includes(next) || (inClass && next === '-') ? `\\${next}` : next;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += `\\${pattern[++i]}`;
    } else if (c === '.') out += '[^\\n]';
    // Python's `$` also matches before a newline that ends the string.
    else if (c === '$') out += '(?=\\n?$)';
    else if (c === '(' && pattern.startsWith('(?P<', i)) {
      out += '(?<';
      i += 3;
    } else if (c === '(' && pattern.startsWith('(?P=', i)) {
      const end = pattern.indexOf(')', i);
      if (end < 0) throw new PyRegexError('an unclosed (?P= group');
      out += `\\k<${pattern.slice(i + 4, end)}>`;
      i = end;
    } else out += c;
  }
  if (inClass) throw new PyRegexError('an unclosed character class');
  try {
    // re.match anchors at the start; every instance pattern starts with ^, and exec of an anchored
    // pattern without the g or y flag tries the start only.
    return new RegExp(options.search || out.startsWith('^') ? out : `^(?:${out})`, 'iu');
  } catch (error) {
    throw new PyRegexError((error as Error).message);
  }
}

const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'gu');

/** Python's str.strip(): whitespace as str.isspace reads it, from both ends. */
export function pyStrip(text: string): string {
  return text.replace(PY_STRIP, '');
}

/** The named groups a compiled pattern declares. */
export function groupNames(re: RegExp): string[] {
  return [...re.source.matchAll(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!);
}

/** `re.findall`'s count of non-overlapping matches. */
export function countMatches(re: RegExp, text: string): number {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  let n = 0;
  for (let m = global.exec(text); m; m = global.exec(text)) {
    n++;
    if (m[0] === '') global.lastIndex++;
  }
  return n;
}
