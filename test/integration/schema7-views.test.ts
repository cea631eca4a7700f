/**
 * A database written at schema version 7 (before rows per seat player) gives, once opened by today's
 * store (its migrations run), every cross-run view exactly as version 7 gave it: leaderboards, coverage,
 * heatmaps, difficulty, paired comparisons, their CSV and LaTeX files, suites and explore options, with
 * rows named by the game's subjects and by each role. See test/fixtures/schema-7/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Store } from '../../electron/engine/store/store';
import { tempDir } from '../support/tmp';
import { dumpViews } from '../support/view-dump';
import { viewChanges } from '../support/intended-diff';
import { fixed, meanStdText } from '../../shared/text/number';
import { metricMeanStd } from '../../shared/contract/game';

const FIXTURE = new URL('../fixtures/schema-7/', import.meta.url);

/** The explore options of the games with runs: a game added later (AGE) is listed without datasets, which says nothing here. */
function withRuns(dump: Record<string, unknown>): Record<string, unknown> {
  const options = dump.options as { games: { datasets: unknown[] }[] };
  return { ...dump, options: { ...options, games: options.games.filter((g) => g.datasets.length > 0) } };
}

/**
 * Issue 27 rounds printed numbers as written in decimal: scripted:alpha's mean score on instruments is
 * 147/200 = 0.735, which toFixed printed 0.73 and Parlor now prints 0.74. Such a change is let through
 * only where the dump's own heatmap holds the value behind it and that value rounds so.
 */
function roundedInDecimal(dump: Record<string, unknown>, change: string): boolean {
  const match = /^(\.datasets\.eda\/things\.rows\.[^.]+)\.exports\.breakdown-things-category-score\.tex line \d+: (\w+) & (.*) \\\\ — was \2 & (.*) \\\\$/.exec(change);
  if (!match) return false;
  const [, path, topic, now, then] = match as unknown as [string, string, string, string, string];
  const rows = path.split('.').slice(2).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dump.datasets) as { heatmaps: Record<string, { players: string[]; cells: { player: string; topic: string; mean: number }[] }> };
  const map = rows.heatmaps['category/score']!;
  const [cellsNow, cellsThen] = [now.split(' & '), then.split(' & ')];
  return map.players.every((player, i) => {
    if (cellsNow[i] === cellsThen[i]) return true;
    const mean = map.cells.find((c) => c.player === player && c.topic === topic)!.mean;
    const plain = (text: string) => text.replace(/\\textbf\{(.*)\}/, '$1');
    return plain(cellsNow[i]!) === fixed(mean, 2) && plain(cellsThen[i]!) === mean.toFixed(2) && fixed(mean, 2) !== mean.toFixed(2);
  });
}

type Board = { metrics: { key: string; digits: number; percent?: boolean }[]; rows: { player: string; metrics: Record<string, { mean: number; std: number | null } | undefined> }[] };

/**
 * Issue 27 prints a share the game shows as a percentage (clembench's % Played) × 100 in the LaTeX
 * leaderboard, as the page does: "100.00" where version 7 printed "1.00". Let through only where the
 * changed cells are the percent metric's columns and each reads the dump's own mean and std so.
 */
function shownAsPercent(dump: Record<string, unknown>, change: string): boolean {
  const match = /^\.datasets\.(.+?)\.rows\.([^.]+)\.exports\.leaderboard-.+\.tex line \d+: (.*) — was (.*)$/.exec(change);
  if (!match) return false;
  const [, dataset, rowsKey, now, then] = match as unknown as [string, string, string, string, string];
  const board = ((dump.datasets as Record<string, { rows: Record<string, { leaderboard: { common: Board } }> }>)[dataset]!).rows[rowsKey]!.leaderboard.common;
  // As the issue-17 rule reads a line: bold and daggers aside, and a cell may now be "(n=k)".
  const plain = (cell: string) => cell.replace('\\textsuperscript{\\dag}', '').replace(/\\textbf\{(.*)\}/, '$1').replace(/ \\\\$/, '').replace(' $\\pm$ ', ' ± ');
  const [cellsNow, cellsThen] = [now.split(' & ').map(plain), then.split(' & ').map(plain)];
  const row = board.rows.find((r) => r.player === cellsNow[0]);
  if (!row || cellsNow.length !== cellsThen.length) return false;
  return cellsNow.every((cell, i) => {
    if (cell === cellsThen[i] || /^\(n=\d+\)$/.test(cell)) return true;
    const metric = board.metrics[i - 1];
    const v = metric?.percent ? row.metrics[metric.key] : undefined;
    return v !== undefined && cell === metricMeanStd(metric!, v.mean, v.std, metric!.digits) && cellsThen[i] === meanStdText(v.mean, v.std, metric!.digits);
  });
}

describe('a schema-7 database', () => {
  it('gives the cross-run views version 7 gave, number for number, but for the statistics issue 17 changed on purpose; and exactly the views captured since', async () => {
    const before = JSON.parse(readFileSync(new URL('expected-views.json', FIXTURE), 'utf8')) as Record<string, unknown>;
    const path = join(tempDir(), 'parlor-v7.db');
    writeFileSync(path, gunzipSync(readFileSync(new URL('parlor-v7.db.gz', FIXTURE))));
    const store = Store.open(path);
    try {
      // What the fixture must hold for the comparison to mean something.
      expect(Object.keys(before.datasets as object)).toEqual(expect.arrayContaining(['eda/things', 'referencegame/v1.6', 'matchit_ascii/v1.6', 'textmapworld/v1.6']));
      const now = withRuns(await dumpViews(store));
      expect(viewChanges(now, withRuns(before)).filter((change) => !roundedInDecimal(now, change) && !shownAsPercent(now, change))).toEqual([]);
      const since = new URL('expected-views-issue17.json', FIXTURE);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(since, `${JSON.stringify(now, null, 1)}\n`);
      expect(now).toEqual(JSON.parse(readFileSync(since, 'utf8')));
    } finally {
      store.close();
    }
  });
});
