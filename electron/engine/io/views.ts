/** The explore views as flat CSV rows and as LaTeX tables (the same numbers the UI shows), for any game. */
import type { DifficultyView, HeatmapView, LeaderboardView } from '../../../shared/api/views';
import type { ExploreFilters } from '../../../shared/contract/explore';
import type { Game } from '../core/game';
import { toLatex, type TextTable } from './latex';

const ARROWS: Record<string, string> = { higher: ' ↑', lower: ' ↓', none: '' };

export function meanStdText(mean: number, std: number | null, digits: number): string {
  return std === null ? mean.toFixed(digits) : `${mean.toFixed(digits)} ± ${std.toFixed(digits)}`;
}

/** "Things (test), judge openai:gpt-3.5-turbo": the dataset as the game titles it, the subset, the conditions. */
export function describeFilters(game: Game<unknown>, filters: ExploreFilters): string {
  const dataset = game.datasets.bundled().find((d) => d.name === filters.dataset)?.title ?? filters.dataset;
  const conditions = Object.entries(filters.conditions ?? {}).map(([role, player]) => `, ${role} ${player}`).join('');
  return `${dataset}${filters.subset ? ` (${filters.subset})` : ''}${conditions}`;
}

function coverageNote(game: Game<unknown>, board: Pick<LeaderboardView, 'coverage'>): string {
  const c = board.coverage;
  if (c.mode === 'all' || c.common === c.total) return '';
  return ` Compared on the ${c.common} ${game.view.nouns.instances} every player finished (${c.total - c.common} left out).`;
}

export function leaderboardCsvRows(board: LeaderboardView): Record<string, string | number | null>[] {
  return board.rows.map((r) => ({
    player: r.player,
    kind: r.kind,
    episodes: r.episodes,
    repetitions: r.repetitions,
    errors_excluded: r.errorsExcluded,
    unfinished_excluded: r.unfinishedExcluded,
    ...(board.coverage.mode === 'common' ? { left_out: r.leftOut } : {}),
    ...Object.fromEntries(
      board.metrics.flatMap((m) => {
        const c = r.metrics[m.key];
        return [[`${m.key}_mean`, c?.mean ?? null], [`${m.key}_std`, c?.std ?? null], [`${m.key}_pooled`, c?.pooled ?? null], [`${m.key}_ci_low`, c?.low ?? null], [`${m.key}_ci_high`, c?.high ?? null]];
      }),
    ),
    ...Object.fromEntries(board.aggregates.map((a) => [a.key, r.aggregates[a.key] ?? null])),
  }));
}

export function leaderboardLatex(game: Game<unknown>, view: LeaderboardView, filters: ExploreFilters): string {
  const paper = game.view.paperTable;
  // The paper's columns in its order where the game names them, else every metric.
  const board = paper ? { ...view, metrics: paper.metrics.map((key) => view.metrics.find((m) => m.key === key)!) } : view;
  const table: TextTable = {
    caption: `${game.shortTitle} results on ${describeFilters(game, filters)}: mean ± std over repetitions; best in bold.${paper ? ` ${paper.note}` : ''}${coverageNote(game, board)}`,
    label: `tab:${game.id}-${filters.dataset}`,
    columns: [
      { header: board.subjectLabel, align: 'l' },
      ...board.metrics.map((m) => ({ header: `${m.label}${ARROWS[m.direction]}`, align: 'r' as const })),
      ...board.aggregates.map((a) => ({ header: `${a.label}${ARROWS[a.direction]}`, align: 'r' as const })),
      { header: 'n', align: 'r' },
    ],
    rows: board.rows.map((r) => [
      { text: r.player },
      ...board.metrics.map((m) => {
        const c = r.metrics[m.key];
        return { text: c ? meanStdText(c.mean, c.std, m.digits) : '--', bold: board.best[m.key] === r.player };
      }),
      ...board.aggregates.map((a) => ({ text: r.aggregates[a.key]?.toFixed(a.digits) ?? '--' })),
      { text: String(r.episodes) },
    ]),
  };
  return toLatex(table);
}

export function heatmapCsvRows(map: HeatmapView): Record<string, string | number | null>[] {
  return map.cells.map((c) => ({ player: c.player, [map.topicKey]: c.topic, n: c.n, [`${map.metric}_mean`]: c.mean, ci_low: c.low, ci_high: c.high }));
}

export function heatmapLatex(game: Game<unknown>, subjectLabel: string, map: HeatmapView, filters: ExploreFilters): string {
  const at = new Map(map.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  return toLatex({
    caption: `Mean ${map.metric} by ${map.topicKey} on ${describeFilters(game, filters)}.`,
    label: `tab:heatmap-${filters.dataset}-${map.topicKey}`,
    columns: [{ header: subjectLabel, align: 'l' }, ...map.topics.map((t) => ({ header: t, align: 'r' as const }))],
    rows: map.players.map((p) => [{ text: p }, ...map.topics.map((t) => ({ text: at.get(`${p}\u0000${t}`)?.mean.toFixed(2) ?? '--' }))]),
  });
}

export function difficultyCsvRows(d: DifficultyView): Record<string, string | number | null>[] {
  return d.rows.map((r, rank) => ({
    rank: rank + 1,
    level: r.level,
    [`mean_${d.metric}`]: r.mean,
    unsolved: r.unsolved ? 1 : 0,
    ...Object.fromEntries(d.players.map((p) => [p, r.players[p]?.mean ?? null])),
  }));
}
