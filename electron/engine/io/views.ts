/** The explore views as flat CSV rows and as LaTeX tables (the same numbers the UI shows), for any game. */
import type { DifficultyView, HeatmapView, InstanceCoverage, LeaderboardRowView, LeaderboardView, MetricCellView } from '../../../shared/api/views';
import { errorShare, HIGH_ERROR_SHARE, rowCautions, tooFew } from '../../../shared/stats/caution';
import type { ExploreFilters } from '../../../shared/contract/explore';
import type { Game } from '../core/game';
import { toLatex, type TextTable } from './latex';
import { fixedOr, meanStdText } from '../../../shared/text/number';
import { metricMeanStd, metricNumber } from '../../../shared/contract/game';
import { outsideText } from '../../../shared/text/coverage';

const ARROWS: Record<string, string> = { higher: ' ↑', lower: ' ↓', none: '' };

export { meanStdText };

/** "Things (test), judge openai:gpt-3.5-turbo": the dataset as the game titles it, the subset, the conditions. */
export function describeFilters(game: Game<unknown>, filters: ExploreFilters): string {
  const dataset = game.datasets.bundled().find((d) => d.name === filters.dataset)?.title ?? filters.dataset;
  const conditions = Object.entries(filters.conditions ?? {}).map(([role, player]) => `, ${role} ${player}`).join('');
  return `${dataset}${filters.subset ? ` (${filters.subset})` : ''}${conditions}`;
}

/** A caption's word on players who did not narrow the compared instances (a person, too few episodes): '' when there are none. */
export function outsideCaption(coverage: InstanceCoverage, instances: string): string {
  const text = outsideText(coverage, instances);
  return text ? ` ${text}` : '';
}

function coverageNote(game: Game<unknown>, board: Pick<LeaderboardView, 'coverage'>): string {
  const c = board.coverage;
  const outside = outsideCaption(c, game.view.nouns.instances);
  if (c.mode === 'all' || c.common === c.total) return outside;
  return ` Compared on the ${c.common} ${game.view.nouns.instances} every ${c.outside.length ? 'compared ' : ''}player finished (${c.total - c.common} left out).${outside}`;
}

/** A metric cell's numbers, or nothing when too few episodes stand behind it (the notes column says so). */
function shownCell(c: MetricCellView | undefined, minEpisodes: number): MetricCellView | undefined {
  return c && !tooFew(c.n, minEpisodes) ? c : undefined;
}

/** What the notes column says of a row: its cautions, and the metrics left blank for too few episodes. */
function rowNotes(board: LeaderboardView, r: LeaderboardRowView): string {
  const blank = board.metrics.filter((m) => r.metrics[m.key] && tooFew(r.metrics[m.key]!.n, board.minEpisodes)).map((m) => `${m.label} n = ${r.metrics[m.key]!.n}`);
  const notes = rowCautions(r, board.minEpisodes).filter((c) => c.kind !== 'too-few').map((c) => c.text);
  if (blank.length) notes.unshift(`too few episodes (under ${board.minEpisodes}) for ${blank.join(', ')}`);
  const c = board.coverage;
  const outside = c.mode === 'common' && !c.everyoneShapes ? c.outside.find((o) => o.player === r.player) : undefined;
  if (c.mode === 'common' && outside) notes.push(`does not narrow the compared instances (${outside.reason === 'human' ? 'a person' : `${outside.episodes} episodes, fewer than ${c.minEpisodes}`})`);
  return notes.join('; ');
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
        const c = shownCell(r.metrics[m.key], board.minEpisodes);
        return [[`${m.key}_mean`, c?.mean ?? null], [`${m.key}_std`, c?.std ?? null], [`${m.key}_pooled`, c?.pooled ?? null], [`${m.key}_ci_low`, c?.low ?? null], [`${m.key}_ci_high`, c?.high ?? null]];
      }),
    ),
    ...Object.fromEntries(board.aggregates.map((a) => [a.key, r.aggregates[a.key] ?? null])),
    notes: rowNotes(board, r),
  }));
}

const highErrors = (r: LeaderboardRowView) => errorShare(r) >= HIGH_ERROR_SHARE;

/** The caption's word on cells too thin to print and rows with many failures, when the table has any. */
function cautionNote(board: LeaderboardView): string {
  const thin = board.rows.some((r) => Object.values(r.metrics).some((c) => tooFew(c.n, board.minEpisodes)));
  return `${thin ? ` (n=k): only k episodes, fewer than ${board.minEpisodes}, so no mean.` : ''}${board.rows.some(highErrors) ? ` †: ${Math.round(HIGH_ERROR_SHARE * 100)}% or more of the row's episodes failed or are unfinished and are excluded.` : ''}`;
}

export function leaderboardLatex(game: Game<unknown>, view: LeaderboardView, filters: ExploreFilters): string {
  const paper = game.view.paperTable;
  // The paper's columns in its order where the game names them, else every metric.
  const board = paper ? { ...view, metrics: paper.metrics.map((key) => view.metrics.find((m) => m.key === key)!) } : view;
  const table: TextTable = {
    caption: `${game.shortTitle} results on ${describeFilters(game, filters)}: mean ± std over repetitions; best in bold (ties all bold), among rows with at least ${board.minEpisodes} episodes.${paper ? ` ${paper.note}` : ''}${coverageNote(game, board)}${cautionNote(board)}`,
    label: `tab:${game.id}-${filters.dataset}`,
    columns: [
      { header: board.subjectLabel, align: 'l' },
      ...board.metrics.map((m) => ({ header: `${m.label}${ARROWS[m.direction]}`, align: 'r' as const })),
      ...board.aggregates.map((a) => ({ header: `${a.label}${ARROWS[a.direction]}`, align: 'r' as const })),
      { header: 'n', align: 'r' },
    ],
    rows: board.rows.map((r) => [
      { text: r.player, dagger: highErrors(r) },
      ...board.metrics.map((m) => {
        const c = r.metrics[m.key];
        const text = !c ? '--' : tooFew(c.n, board.minEpisodes) ? `(n=${c.n})` : metricMeanStd(m, c.mean, c.std, m.digits);
        return { text, bold: board.best[m.key]?.includes(r.player) ?? false };
      }),
      ...board.aggregates.map((a) => ({ text: fixedOr(r.aggregates[a.key], a.digits, '--') })),
      { text: String(r.episodes) },
    ]),
  };
  return toLatex(table);
}

export function heatmapCsvRows(map: HeatmapView): Record<string, string | number | null>[] {
  return map.cells.map((c) => {
    const thin = tooFew(c.n, map.minEpisodes);
    return { player: c.player, [map.topicKey]: c.topic, n: c.n, [`${map.metric}_mean`]: thin ? null : c.mean, ci_low: thin ? null : c.low, ci_high: thin ? null : c.high, note: thin ? `too few episodes (under ${map.minEpisodes})` : '' };
  });
}

export function heatmapLatex(game: Game<unknown>, subjectLabel: string, map: HeatmapView, filters: ExploreFilters): string {
  const at = new Map(map.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  const text = (c: HeatmapView['cells'][number] | undefined) => (!c ? '--' : tooFew(c.n, map.minEpisodes) ? `(n=${c.n})` : metricNumber(map, c.mean, 2));
  const thin = map.cells.some((c) => tooFew(c.n, map.minEpisodes));
  return toLatex({
    // The metric's label says what it is ("mean score", "success rate"): "Mean mean score" said it twice.
    caption: `${map.metricLabel.charAt(0).toUpperCase()}${map.metricLabel.slice(1)} by ${map.topicKey} on ${describeFilters(game, filters)}.${thin ? ` (n=k): only k episodes, fewer than ${map.minEpisodes}, so no mean.` : ''}${outsideCaption(map.coverage, game.view.nouns.instances)}`,
    label: `tab:heatmap-${filters.dataset}-${map.topicKey}`,
    columns: [{ header: subjectLabel, align: 'l' }, ...map.topics.map((t) => ({ header: t, align: 'r' as const }))],
    rows: map.players.map((p) => [{ text: p }, ...map.topics.map((t) => ({ text: text(at.get(`${p}\u0000${t}`)) }))]),
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
