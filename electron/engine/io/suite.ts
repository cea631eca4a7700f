/**
 * A suite's table and a per-experiment breakdown as CSV rows and LaTeX tables (booktabs, best in bold
 * with ties all bold), the numbers the UI shows.
 */
import type { HeatmapView, SuiteView } from '../../../shared/api/views';
import { toLatex } from './latex';
import { fixed } from '../../../shared/text/number';
import { metricNumber } from '../../../shared/contract/game';
import { bestRows, tooFew } from '../../../shared/stats/caution';
import { outsideCaption } from './views';

const cellText = (v: number | null | undefined, digits: number) => (typeof v === 'number' ? fixed(v, digits) : '--');

/** Games some player cannot play (its model takes fewer images than the game shows). */
const cannotPlayGames = (view: SuiteView) => new Set(view.games.filter((g) => view.rows.some((r) => r.games[g.id]?.cannotPlay)).map((g) => g.id));

/** One row per player: each game's columns as `<game>_<column>` (and its episodes, and why a player cannot play it where one cannot), then the overall ones. */
export function suiteCsvRows(view: SuiteView): Record<string, string | number | null>[] {
  const noted = cannotPlayGames(view);
  return view.rows.map((r) => ({
    player: r.player,
    kind: r.kind,
    ...Object.fromEntries(view.overall.map((c) => [c.key, r.overall[c.key] ?? null])),
    ...Object.fromEntries(
      view.games.flatMap((g) => [
        [`${g.id}_episodes`, r.games[g.id]?.episodes ?? 0],
        ...view.perGame.map((c) => [`${g.id}_${c.key}`, r.games[g.id]?.values[c.key] ?? null]),
        ...(noted.has(g.id) ? [[`${g.id}_cannot_play`, r.games[g.id]?.cannotPlay ?? '']] : []),
      ]),
    ),
  }));
}

/** Players as rows; the overall columns, then each game's shown columns under its name, as the paper's Table 1. */
export function suiteLatex(view: SuiteView): string {
  const shown = view.perGame.filter((c) => !c.hidden);
  const dagger = cannotPlayGames(view).size > 0 ? ' † the model cannot play the game (it takes fewer images per message than the game shows).' : '';
  return toLatex({
    caption: `${view.suite.title}: ${view.suite.description} Best in bold (ties all bold).${dagger}`,
    label: `tab:${view.suite.id}`,
    columns: [
      { header: 'Model', align: 'l' },
      ...view.overall.map((c) => ({ header: c.label, align: 'r' as const })),
      ...view.games.flatMap((g) => shown.map((c) => ({ header: `${g.label} ${c.short ?? c.label}`, align: 'r' as const }))),
    ],
    rows: view.rows.map((r) => [
      { text: r.player },
      ...view.overall.map((c) => ({ text: cellText(r.overall[c.key], c.digits), bold: view.best[c.key]?.includes(r.player) ?? false })),
      ...view.games.flatMap((g) => shown.map((c) => ({ text: cellText(r.games[g.id]?.values[c.key], c.digits), bold: view.best[`${g.id}:${c.key}`]?.includes(r.player) ?? false, dagger: r.games[g.id]?.cannotPlay !== undefined }))),
    ]),
  });
}

/**
 * Rows are the tag's values (experiments), columns the players, like the paper's Tables 4–14. A cell
 * over fewer than the view's minimum of episodes is blank (its `_n` says how many) and its row's note
 * says so, as the heatmap says "too few".
 */
export function breakdownCsvRows(map: HeatmapView): Record<string, string | number | null>[] {
  const at = new Map(map.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  return map.topics.map((t) => {
    const cell = (p: string) => at.get(`${p}\u0000${t}`);
    const thin = map.players.filter((p) => cell(p) && tooFew(cell(p)!.n, map.minEpisodes));
    return {
      [map.topicKey]: t,
      ...Object.fromEntries(map.players.flatMap((p) => [[p, cell(p) && !thin.includes(p) ? cell(p)!.mean : null], [`${p}_n`, cell(p)?.n ?? 0]])),
      note: thin.length ? `too few episodes (under ${map.minEpisodes}) for ${thin.join(', ')}` : '',
    };
  });
}

/** The breakdown as LaTeX: "(n=k)" for a cell over too few episodes; in each row the best among cells with enough episodes in bold (ties all bold), as the page would mark it. */
export function breakdownLatex(map: HeatmapView, title: string, direction: 'higher' | 'lower' | 'none', digits = 2, instances = 'instances'): string {
  const at = new Map(map.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  const thin = map.cells.some((c) => tooFew(c.n, map.minEpisodes));
  return toLatex({
    caption: `${title}: mean ${map.metric} per ${map.topicKey}; best in each row in bold (ties all bold), among cells with at least ${map.minEpisodes} episodes.${thin ? ` (n=k): only k episodes, fewer than ${map.minEpisodes}, so no mean.` : ''}${outsideCaption(map.coverage, instances)}`,
    label: `tab:breakdown-${map.topicKey}-${map.metric}`,
    columns: [{ header: map.topicKey, align: 'l' }, ...map.players.map((p) => ({ header: p, align: 'r' as const }))],
    rows: map.topics.map((t) => {
      const cell = (p: string) => at.get(`${p}\u0000${t}`);
      // A percentage's d printed decimals are the share's d + 2.
      const best = bestRows(map.players.map((p) => ({ player: p, value: cell(p)?.mean ?? null, n: cell(p)?.n ?? 0 })), direction, map.percent ? digits + 2 : digits, map.minEpisodes);
      const text = (p: string) => {
        const c = cell(p);
        return !c ? '--' : tooFew(c.n, map.minEpisodes) ? `(n=${c.n})` : metricNumber(map, c.mean, digits);
      };
      return [{ text: t }, ...map.players.map((p) => ({ text: text(p), bold: best.includes(p) }))];
    }),
  });
}
