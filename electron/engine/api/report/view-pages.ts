/**
 * The report's pages over runs: the index (the runs and one leaderboard per game and dataset), and per
 * group its heatmaps (every tag × heatmap metric) and difficulty views (by item and by every tag). Each
 * number comes from the view function the API's explore handlers call, with the group's filters.
 */
import { difficultySvg } from '../../../../shared/charts/difficulty';
import { heatmapSvg } from '../../../../shared/charts/heatmap';
import { playerStyles } from '../../../../shared/charts/players';
import { difficulty, heatmap, metricOf } from '../../analysis/explore/items';
import { leaderboard } from '../../analysis/explore/leaderboard';
import { slices } from '../../analysis/explore/slices';
import { runSummary } from '../views';
import { gameById } from '../../games/registry';
import type { Store } from '../../store/store';
import { esc, h, inlineSvg, page, t } from './html';
import type { ReportGroup, ReportScope } from './scope';
import { coverageNote, difficultyTable, leaderboardTable, plural, slicesTable } from './tables';

export const groupHeatmaps = (g: ReportGroup): string => `heatmaps-${g.index}.html`;
export const groupDifficulty = (g: ReportGroup): string => `difficulty-${g.index}.html`;
export const runPage = (runId: number): string => `runs/${runId}.html`;

const groupTitle = (g: ReportGroup) => `${g.game.shortTitle} · ${g.title}`;

/** The heatmaps a group shows: every tag by every metric the game offers a heatmap of. */
function heatmapMetrics(g: ReportGroup): string[] {
  return g.game.view.heatmapMetrics.length ? g.game.view.heatmapMetrics : [g.game.view.sortBy];
}

/** The front page: what the report holds, the runs, and each group's leaderboard with links to its charts. */
export function indexPage(store: Store, scope: ReportScope, generator: string): string {
  const runRows = scope.runs.map((run) => {
    const s = runSummary(store.runs.list(run.id)[0]!, false);
    const game = gameById(run.game);
    const seats = s.seats.map((seat) => `${game.roles.find((r) => r.id === seat.role)?.label ?? seat.seat}: ${seat.player}`).join(' · ');
    return h(
      'tr',
      { 'data-run': run.id },
      h('th', { scope: 'row' }, h('a', { href: runPage(run.id) }, `#${run.id}`)) +
        t('td', {}, s.name ?? '') +
        t('td', {}, game.shortTitle) +
        t('td', {}, `${s.dataset}/${s.subset}`) +
        t('td', {}, seats) +
        t('td', {}, s.status) +
        t('td', { class: 'num' }, `${s.done}/${s.total}`) +
        t('td', { class: 'num' }, String(s.errors)),
    );
  });
  const runsTable = h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'data', 'data-view': 'runs' },
      h('thead', {}, h('tr', {}, ['Run', 'Name', 'Game', 'Dataset', 'Players', 'Status', 'Done', 'Errors'].map((x) => t('th', { scope: 'col' }, x)).join(''))) + h('tbody', {}, runRows.join('')),
    ),
  );
  const sections = scope.groups.map((g) => {
    const board = leaderboard(store, g.filters);
    const styles = playerStyles([...g.universe, ...board.rows.map((r) => r.player)]);
    const table = board.rows.length ? leaderboardTable(board, styles, (id) => runPage(id)) : t('p', { class: 'notice' }, 'None of these runs has a player the leaderboard ranks.');
    const slicesView = g.game.view.slices && board.rows.length ? h('h3', {}, esc(g.game.view.slices.title)) + slicesTable(slices(store, g.filters)) : '';
    const links = [g.tags.length ? h('a', { href: groupHeatmaps(g) }, 'Heatmaps') : '', h('a', { href: groupDifficulty(g) }, 'Difficulty')].filter(Boolean).join('');
    return h(
      'section',
      { id: `group-${g.index}`, 'data-game': g.game.id, 'data-dataset': g.dataset },
      t('h2', {}, groupTitle(g)) +
        coverageNote(board.coverage, g.game.view.nouns) +
        table +
        slicesView +
        h('nav', { class: 'links' }, links),
    );
  });
  const episodes = scope.runs.reduce((n, run) => n + store.episodes.ids(run.id, ['pending', 'running', 'done', 'error']).length, 0);
  const intro = t(
    'p',
    { class: 'meta' },
    `${plural(scope.runs.length, 'run')} and their ${plural(episodes, 'episode')}. Leaderboards: mean ± sample std over repetitions (each run × repetition is one), as the papers' tables; hover a value for the mean pooled over all episodes and its 95% interval. Best in bold (ties all bold) among rows with at least ${plural(scope.groups[0]?.filters.minEpisodes ?? 0, 'episode')}; ⚠ marks a small sample or many failed episodes. Every run's page lists its episodes, each with its transcript.`,
  );
  return page({ title: 'Parlor report', root: '', generator }, t('h1', {}, 'Parlor report') + intro + t('h2', {}, 'Runs') + runsTable + sections.join(''));
}

/** Every heatmap of a group: players × a tag's values, coloured by a metric, as the app draws it. */
export function heatmapsPage(store: Store, g: ReportGroup, generator: string): string {
  const charts = g.tags.flatMap((tag) =>
    heatmapMetrics(g).map((metric) => {
      const map = heatmap(store, g.filters, tag, metric);
      return h(
        'section',
        { 'data-topic': tag, 'data-metric': metric },
        t('h2', {}, `${map.metricLabel} by ${tag}`) + coverageNote(map.coverage, g.game.view.nouns) + h('div', { class: 'chart' }, inlineSvg(heatmapSvg(map, undefined, { universe: g.universe }))),
      );
    }),
  );
  const body = t('h1', {}, `Heatmaps: ${groupTitle(g)}`) + t('p', { class: 'meta' }, 'Each cell: the mean over that player’s episodes on the instances with that value, and n; hover a cell for its 95% interval. Cells over too few episodes say so.') + charts.join('');
  return page({ title: `Heatmaps · ${groupTitle(g)}`, root: '', generator, crumbs: esc(groupTitle(g)) }, body);
}

/** The difficulty views of a group: levels easy → hard by item and by each tag, with the table behind each chart. */
export function difficultyPage(store: Store, g: ReportGroup, generator: string): string {
  const metric = metricOf(g.game, g.game.view.difficulty.metric);
  const charts = ['item', ...g.tags.map((tag) => `tag:${tag}`)].map((axis) => {
    const d = difficulty(store, g.filters, axis);
    return h(
      'section',
      { 'data-axis': axis },
      t('h2', {}, `Difficulty by ${d.axisLabel}`) +
        coverageNote(d.coverage, g.game.view.nouns) +
        h('div', { class: 'chart' }, inlineSvg(difficultySvg(d, { universe: g.universe }))) +
        h('details', {}, t('summary', {}, `The ${plural(d.rows.length, 'level')} as a table`) + difficultyTable(d, metric.digits)),
    );
  });
  const body = t('h1', {}, `Difficulty: ${groupTitle(g)}`) + t('p', { class: 'meta' }, `Levels ordered easy → hard by the ${metric.label.toLowerCase()} averaged over players; shaded: no player solved it.`) + charts.join('');
  return page({ title: `Difficulty · ${groupTitle(g)}`, root: '', generator, crumbs: esc(groupTitle(g)) }, body);
}
