/**
 * What issue 17 changed on purpose in the statistics, and nothing else: databases captured before it
 * (schema 5, schema 7) must give the same views and files except for
 *   - intervals (Student's t for means, clipped to the metric's range, none zero-width): `low`/`high`, `*ci_low`/`*ci_high`;
 *   - cells over fewer than `minEpisodes` episodes, left blank ("(n=k)" in LaTeX) with a note saying so;
 *   - `best`: every tied row, and only rows with enough episodes (a list where it was one player);
 *   - added fields (`minEpisodes`, `all`-mode coverage counts, the CSV `notes`/`note` column);
 *   - LaTeX captions (which now state the rules) and daggers marking rows with many failed episodes;
 * and issue 27 added who does not narrow `common`-mode coverage (`outside`, `everyoneShapes`, `leftOutByFailures`)
 * and replaced the paired comparison of two players (see REPLACED).
 * Each check returns the differences it could not explain, as readable lines (empty: none).
 */
import { parse } from 'csv-parse/sync';
import { chartContent } from './chart-text';

const INTERVAL_KEYS = /^(low|high|ci_low|ci_high|.*_ci_low|.*_ci_high)$/;
// Issue 27 added to `common`-mode coverage who does not narrow the compared instances and why.
// and the metric spec's `percent` (a share shown as a percentage: clembench's % Played), which its description mentions.
const ADDED_KEYS = new Set(['minEpisodes', 'shared', 'notes', 'note', 'outside', 'everyoneShapes', 'leftOutByFailures', 'percent']);
/** A metric's description is prose for the page, not a number. */
const PROSE = /\.metrics\[\d+\]\.description$/;

type Json = unknown;
const isObject = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** CSV rows: the same rows and columns, bar intervals, and cells blanked for too few episodes (their row's note says so). */
export function csvChanges(now: string, then: string, where = 'csv'): string[] {
  const [a, b] = [parse(now, { columns: true }) as Record<string, string>[], parse(then, { columns: true }) as Record<string, string>[]];
  const out: string[] = [];
  if (a.length !== b.length) return [`${where}: ${a.length} rows, was ${b.length}`];
  b.forEach((old, i) => {
    const row = a[i]!;
    const note = row.notes ?? row.note ?? '';
    for (const [column, value] of Object.entries(old)) {
      if (INTERVAL_KEYS.test(column) || row[column] === value) continue;
      if (row[column] === '' && /too few/.test(note)) continue;
      out.push(`${where} row ${i + 1} ${column}: ${JSON.stringify(row[column])}, was ${JSON.stringify(value)}`);
    }
  });
  return out;
}

/** LaTeX: the same lines bar the caption; a cell may lose or gain bold, become "(n=k)", or gain a dagger. */
export function latexChanges(now: string, then: string, where = 'latex'): string[] {
  const [a, b] = [now.split('\n'), then.split('\n')];
  if (a.length !== b.length) return [`${where}: ${a.length} lines, was ${b.length}`];
  const cells = (line: string) => line.replace(/\\textsuperscript\{\\dag\}/g, '').replace(/\\textbf\{((?:[^{}]|\{[^{}]*\})*)\}/g, '$1').split(' & ');
  const out: string[] = [];
  b.forEach((old, i) => {
    if (old.startsWith('\\caption{') || a[i] === old) return;
    const [x, y] = [cells(a[i]!), cells(old)];
    if (x.length !== y.length || x.some((c, k) => c !== y[k] && !/^\(n=\d+\)( \\\\)?$/.test(c))) out.push(`${where} line ${i + 1}: ${a[i]} — was ${old}`);
  });
  return out;
}

/**
 * Issue 27 replaced the paired comparison of two players (a bootstrap over the instances the pair
 * played, whatever the view compared on) with the one test the Significance table runs on the view's
 * compared instances (paired over shared episodes or instances, else Welch's): a comparison is
 * checked against the views captured since, not against older ones.
 */
const REPLACED = /\.compare\.[^.[\]]+$/;

/** Views as JSON: equal but for intervals, added fields, best lists, and the export files within (by extension). */
export function viewChanges(now: Json, then: Json, path = ''): string[] {
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (INTERVAL_KEYS.test(key) || REPLACED.test(path) || PROSE.test(path)) return [];
  if (typeof now === 'string' && typeof then === 'string' && now !== then) {
    if (/\.csv$/.test(path)) return csvChanges(now, then, path);
    if (/\.tex$/.test(path)) return latexChanges(now, then, path);
    return [`${path}: ${JSON.stringify(now).slice(0, 120)}, was ${JSON.stringify(then).slice(0, 120)}`];
  }
  if (isObject(now) && isObject(then)) {
    const out = Object.keys(now).filter((k) => !(k in then) && !ADDED_KEYS.has(k) && !(k === 'total' && now.mode === 'all')).map((k) => `${path}.${k}: added`);
    for (const k of Object.keys(then)) {
      if (!(k in now)) out.push(`${path}.${k}: removed`);
      else if (k === 'best' && isObject(now[k]) && isObject(then[k])) out.push(...bestChanges(now as unknown as Board, then[k] as Record<string, Json>, `${path}.best`));
      else out.push(...viewChanges(now[k], then[k], `${path}.${k}`));
    }
    return out;
  }
  if (Array.isArray(now) && Array.isArray(then)) {
    if (now.length !== then.length) return [`${path}: ${now.length} items, was ${then.length}`];
    return then.flatMap((item, i) => viewChanges(now[i], item, `${path}[${i}]`));
  }
  return Object.is(now, then) || JSON.stringify(now) === JSON.stringify(then) ? [] : [`${path}: ${JSON.stringify(now)}, was ${JSON.stringify(then)}`];
}

interface Board {
  best: Record<string, Json>;
  minEpisodes?: number;
  rows?: { player: string; metrics?: Record<string, { n?: number }> }[];
}

/**
 * A best player of old is still among the best, unless its cell now has too few episodes to be
 * marked (a single lucky game): then another row may be best, or none.
 */
export function bestChanges(board: Board, then: Record<string, Json>, path = '.best'): string[] {
  const out: string[] = [];
  const thin = (player: string, metric: string) => {
    const n = board.rows?.find((r) => r.player === player)?.metrics?.[metric]?.n;
    return board.minEpisodes !== undefined && n !== undefined && n < board.minEpisodes;
  };
  for (const [metric, old] of Object.entries(then)) {
    const list = board.best[metric];
    if (Array.isArray(old)) {
      if (JSON.stringify(list) !== JSON.stringify(old)) out.push(`${path}.${metric}: ${JSON.stringify(list)}, was ${JSON.stringify(old)}`);
    } else if (!(Array.isArray(list) && list.includes(old)) && !thin(String(old), metric)) {
      out.push(`${path}.${metric}: ${JSON.stringify(list)}, was ${JSON.stringify(old)}`);
    }
  }
  return out;
}

/**
 * Charts: issue 17 moved, recoloured and marked them (the layout is free), so they are read back as
 * texts and line values; those must agree but for interval tooltips and cells now "too few".
 */
export function chartChanges(now: string, then: string, where = 'svg'): string[] {
  const [a, b] = [chartContent(now), chartContent(then)];
  const out: string[] = [];
  if (JSON.stringify(a.lines) !== JSON.stringify(b.lines)) out.push(`${where}: lines ${JSON.stringify(a.lines)}, were ${JSON.stringify(b.lines)}`);
  if (a.texts.length !== b.texts.length) return [...out, `${where}: ${a.texts.length} texts, was ${b.texts.length}`];
  const interval = (t: string) => t.replace(/\((?:95% CI [^)]*|no interval[^)]*)\)/, '(interval)');
  b.texts.forEach((old, i) => {
    const text = a.texts[i]!;
    if (text === old || interval(text) === interval(old) || /too few/.test(text)) return;
    out.push(`${where} text ${i + 1}: ${JSON.stringify(text)}, was ${JSON.stringify(old)}`);
  });
  return out;
}
