import type { DatasetProblem } from '../../core/game';
import { mentionsEntity, parseEntityLine } from './rules';

export interface ParsedEntity {
  position: number;
  /** 1-based line in the file. */
  lineNo: number;
  line: string;
  name: string;
  aliases: string[];
}

export interface ParsedList {
  entities: ParsedEntity[];
  problems: DatasetProblem[];
}

const MAX_LENGTH = 60;
/** Longer than any name: a line this long is a pasted text or a binary file, not an entity. */
const MAX_LINE = 1_000;
const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();
const stripMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Parses an entity list (one per line, `|` between aliases) and reports everything that would
 * make a run wrong (errors) or questionable (warnings). Blank lines are skipped with a warning.
 */
export function parseEntityList(text: string, source: string, options: { shadowing?: boolean } = {}): ParsedList {
  const problems: DatasetProblem[] = [];
  const entities: ParsedEntity[] = [];
  const report = (severity: DatasetProblem['severity'], line: number, message: string) =>
    problems.push({ severity, line, message });

  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop(); // the newline that ends the last line
  const seenLines = new Map<string, number>();
  const seenAliases = new Map<string, number>();

  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (raw.trim() === '') {
      report('warning', lineNo, 'blank line (skipped)');
      return;
    }
    if (raw.length > MAX_LINE) {
      report('error', lineNo, `line is ${raw.length.toLocaleString('en-US')} characters long; an entity is a name of at most ${MAX_LINE} characters ("${raw.slice(0, 40)}…")`);
      return;
    }
    if (/[\p{Cc}]/u.test(raw)) {
      report('error', lineNo, `control character in "${raw.replace(/\p{Cc}/gu, '�')}"`);
      return;
    }
    if (raw !== raw.trim()) report('warning', lineNo, `leading or trailing spaces around "${raw.trim()}"`);
    const parts = raw.split('|').map((p) => p.trim());
    if (parts.some((p) => p === '')) {
      report('error', lineNo, `empty alias in "${raw.trim()}" (check the "|" separators)`);
      return;
    }
    const { name, aliases } = parseEntityLine(raw);
    if (name.length > MAX_LENGTH) report('warning', lineNo, `suspiciously long entry (${name.length} characters): "${name}"`);
    if (!/\p{L}/u.test(name)) report('warning', lineNo, `entry has no letters: "${name}"`);
    if (/[?!:;]$/.test(name)) report('warning', lineNo, `entry ends with punctuation: "${name}"`);
    if (/[^\p{ASCII}]/u.test(name) && !aliases.some((a) => !/[^\p{ASCII}]/u.test(a))) {
      report('warning', lineNo, `"${name}" has accented letters and no ASCII alias: a guess of "${stripMarks(name)}" will not win`);
    }
    const lineKey = fold(parts.join('|'));
    const sameLine = seenLines.get(lineKey);
    if (sameLine !== undefined) {
      report('error', lineNo, `duplicate line: "${raw.trim()}" already appears on line ${sameLine}`);
      return;
    }
    seenLines.set(lineKey, lineNo);
    for (const alias of aliases) {
      const earlier = seenAliases.get(fold(alias));
      if (earlier !== undefined) {
        report('warning', lineNo, `"${alias}" is also on line ${earlier}: that entity is played twice, weighting it double`);
      }
    }
    aliases.forEach((alias) => seenAliases.set(fold(alias), lineNo));
    entities.push({ position: entities.length, lineNo, line: raw.trim(), name, aliases });
  });

  if (entities.length === 0) report('error', 0, `${source} holds no entities`);
  if (options.shadowing !== false) reportShadowing(entities, problems);
  return { entities, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * An alias that matches inside another entity's name makes a question about one a win for the other.
 * Comparing every pair was quadratic (70 s for 10,000 entities); instead each name's whole-word spans
 * are looked up among all aliases, and only those candidates are checked with the game's own matcher.
 */
function reportShadowing(entities: ParsedEntity[], problems: DatasetProblem[]): void {
  const byAlias = new Map<string, number[]>();
  let longest = 0;
  entities.forEach((e, index) => {
    for (const alias of new Set(e.aliases.map(foldSpan))) {
      const list = byAlias.get(alias) ?? [];
      list.push(index);
      byAlias.set(alias, list);
      longest = Math.max(longest, Array.from(alias).length);
    }
  });
  const shadows = entities.map(() => new Set<number>());
  entities.forEach((b, bi) => {
    for (const name of b.aliases) {
      for (const span of wordSpans(name, longest)) for (const ai of byAlias.get(span) ?? []) if (ai !== bi) shadows[ai]!.add(bi);
    }
  });
  entities.forEach((a, ai) => {
    for (const bi of [...shadows[ai]!].sort((x, y) => x - y)) {
      const b = entities[bi]!;
      if (a.aliases.some((x) => b.aliases.some((y) => fold(x) === fold(y)))) continue;
      const hit = b.aliases.find((alias) => mentionsEntity(alias, a.aliases));
      if (hit) {
        problems.push({
          severity: 'warning',
          line: a.lineNo,
          message: `"${a.line}" also matches "${hit}" (line ${b.lineNo}): a guess of "${hit}" wins for "${a.name}"`,
        });
      }
    }
  });
}

const WORD = /[\p{L}\p{N}\p{M}_]/u;
const foldSpan = (text: string) => text.normalize('NFC').toLowerCase();

/** Every substring that starts and ends where mentionsEntity's word boundaries allow, folded. */
export function wordSpans(text: string, maxLength: number): Set<string> {
  const chars = Array.from(text.normalize('NFC'));
  const word = chars.map((c) => WORD.test(c));
  const spans = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (i > 0 && word[i - 1]) continue;
    for (let j = i + 1; j <= chars.length && j - i <= maxLength; j++) {
      if (j === chars.length || !word[j]) spans.add(foldSpan(chars.slice(i, j).join('')));
    }
  }
  return spans;
}
