import type { Difficulty, ExploreFilters, Heatmap, LeaderboardRow, MetricKey } from '../analysis/explore';
import { bestOf } from '../analysis/explore';
import { toLatex, type TextTable } from './latex';

/** The explore views as flat CSV rows and as LaTeX tables (the same numbers the UI shows). */

const METRICS: { key: MetricKey; label: string; digits: number; arrow: string }[] = [
  { key: 'turns', label: '#Turns', digits: 1, arrow: ' ↓' },
  { key: 'success', label: 'Success', digits: 2, arrow: ' ↑' },
  { key: 'yes', label: '#Yes', digits: 1, arrow: '' },
  { key: 'score', label: 'Score', digits: 2, arrow: ' ↑' },
];

export function meanStdText(mean: number, std: number | null, digits: number): string {
  return std === null ? mean.toFixed(digits) : `${mean.toFixed(digits)} ± ${std.toFixed(digits)}`;
}

function describe(filters: ExploreFilters): string {
  const dataset = filters.dataset === 'things' ? 'Things' : filters.dataset === 'celebrities' ? 'Celebrities' : filters.dataset;
  return `${dataset}${filters.split ? ` (${filters.split})` : ''}${filters.judge ? `, judge ${filters.judge}` : ''}`;
}

export function leaderboardCsvRows(rows: readonly LeaderboardRow[]): Record<string, string | number | null>[] {
  return rows.map((r) => ({
    player: r.player,
    kind: r.kind,
    episodes: r.episodes,
    repetitions: r.repetitions,
    errors_excluded: r.errorsExcluded,
    unfinished_excluded: r.unfinishedExcluded,
    ...Object.fromEntries(
      METRICS.flatMap((m) => {
        const c = r.metrics[m.key];
        return [[`${m.key}_mean`, c.mean], [`${m.key}_std`, c.std], [`${m.key}_pooled`, c.pooled], [`${m.key}_ci_low`, c.low], [`${m.key}_ci_high`, c.high]];
      }),
    ),
  }));
}

export function leaderboardLatex(rows: readonly LeaderboardRow[], filters: ExploreFilters): string {
  const best = bestOf(rows);
  const table: TextTable = {
    caption: `EDA results on ${describe(filters)}: mean ± std over repetitions; best in bold.`,
    label: `tab:eda-${filters.dataset}`,
    columns: [{ header: 'Guesser', align: 'l' }, ...METRICS.map((m) => ({ header: `${m.label}${m.arrow}`, align: 'r' as const })), { header: 'n', align: 'r' }],
    rows: rows.map((r) => [
      { text: r.player },
      ...METRICS.map((m) => ({ text: meanStdText(r.metrics[m.key].mean, r.metrics[m.key].std, m.digits), bold: best[m.key] === r.player })),
      { text: String(r.episodes) },
    ]),
  };
  return toLatex(table);
}

export function heatmapCsvRows(map: Heatmap): Record<string, string | number | null>[] {
  return map.cells.map((c) => ({ player: c.player, [map.topicKey]: c.topic, n: c.n, [`${map.metric}_mean`]: c.mean, ci_low: c.low, ci_high: c.high }));
}

export function heatmapLatex(map: Heatmap, filters: ExploreFilters): string {
  const at = new Map(map.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  return toLatex({
    caption: `Mean ${map.metric} by ${map.topicKey} on ${describe(filters)}.`,
    label: `tab:heatmap-${filters.dataset}-${map.topicKey}`,
    columns: [{ header: 'Guesser', align: 'l' }, ...map.topics.map((t) => ({ header: t, align: 'r' as const }))],
    rows: map.players.map((p) => [{ text: p }, ...map.topics.map((t) => ({ text: at.get(`${p}\u0000${t}`)?.mean.toFixed(2) ?? '--' }))]),
  });
}

export function difficultyCsvRows(d: Difficulty): Record<string, string | number | null>[] {
  return d.rows.map((r, rank) => ({
    rank: rank + 1,
    level: r.level,
    mean_score: r.mean,
    unsolved: r.unsolved ? 1 : 0,
    ...Object.fromEntries(d.players.map((p) => [p, r.players[p]?.mean ?? null])),
  }));
}
