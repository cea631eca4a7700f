/**
 * The instances carry their reply formats as Python regular expressions, searched with
 * `re.search(pattern, text, re.IGNORECASE)`. Two Python meanings differ from JavaScript's and are
 * translated: `$` also matches just before a final line break, and `.` matches everything but "\n"
 * (JavaScript's `.` also refuses "\r", "\u2028" and "\u2029").
 */

export class PatternError extends Error {}

/** A case-insensitive JavaScript RegExp that searches as Python's `re.search(pattern, s, re.I)` does. */
export function pyRegex(pattern: string): RegExp {
  if (/\(\?P|\(\?#|\\[AZz]/.test(pattern)) throw new PatternError(`unsupported Python regex syntax in ${JSON.stringify(pattern)}`);
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A "]" right after "[" or "[^" is a literal in Python.
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += '\\' + pattern[++i];
    } else if (c === '$') out += '(?=\\n?$)';
    else if (c === '.') out += '[^\\n]';
    else out += c;
  }
  try {
    return new RegExp(out, 'i');
  } catch (error) {
    throw new PatternError(`${JSON.stringify(pattern)} is not a usable regular expression: ${(error as Error).message}`);
  }
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
