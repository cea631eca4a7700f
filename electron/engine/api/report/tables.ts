/**
 * The explore views' tables as static HTML, printed as the app's pages print them (LeaderboardTable,
 * SlicesTable, CoverageNote, the difficulty levels): the same shared formatting of the same view, so a
 * co-author reads the numbers the app shows. Cells carry `data-player`/`data-metric` like the app's.
 */
import type { DifficultyView, InstanceCoverage, LeaderboardView, SlicesView } from '../../../../shared/api/views';
import type { PlayerStyle } from '../../../../shared/charts/players';
import { metricMeanStd, metricNumber } from '../../../../shared/contract/game';
import { rowCautions, tooFew, tooFewText } from '../../../../shared/stats/caution';
import { leftOutText, outsideText } from '../../../../shared/text/coverage';
import { fixed, fixedOr } from '../../../../shared/text/number';
import type { ViewHints } from '../../../../shared/contract/game';
import { esc, h, t } from './html';

const ARROW = { higher: ' ↑', lower: ' ↓', none: '' } as const;

export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A player's colour as a small SVG square (presentation attributes: the page's policy allows no inline style). */
export function swatch(player: string, style: PlayerStyle | undefined): string {
  if (!style) return '';
  return h('svg', { class: 'swatch', width: 10, height: 10, viewBox: '0 0 10 10', 'aria-hidden': 'true' }, h('rect', { width: 10, height: 10, rx: 2, fill: style.colour, 'data-swatch': player }));
}

/** What the numbers are over, in the words of the app's coverage note. */
export function coverageNote(coverage: InstanceCoverage, nouns: ViewHints['nouns']): string {
  const instances = nouns.instances;
  if (coverage.total === 0) return t('p', { class: 'notice', 'data-coverage': '' }, 'No finished episode of these runs: nothing to compare.');
  if (coverage.mode === 'all') {
    if (coverage.shared === coverage.total) return t('p', { class: 'meta', 'data-coverage': '' }, `Every finished episode of each player counts; every player finished the same ${coverage.total} ${instances}.`);
    return t('p', { class: 'notice', 'data-coverage': '' }, `The players ran on different ${instances}: only ${coverage.shared} of the ${coverage.total} were finished by every player, so their numbers are not over the same ${instances}.`);
  }
  const outside = outsideText(coverage, instances);
  const who = coverage.outside.length ? 'every compared player' : 'every player';
  const body =
    coverage.common === 0
      ? `No ${nouns.instance} was finished by ${who}.`
      : coverage.common === coverage.total
        ? `Compared on all ${coverage.total} ${instances}: ${who} finished every one.`
        : `Compared on the ${coverage.common === 1 ? `one ${nouns.instance}` : `${coverage.common} ${instances}`} ${who} finished; ${leftOutText(coverage)}.`;
  return t('p', { class: coverage.common === coverage.total && !outside ? 'meta' : 'notice', 'data-coverage': '' }, outside ? `${body} ${outside}` : body);
}

/** The leaderboard: best in bold (ties all bold), "too few" below the minimum, cautions beside the counts, each row's runs linked. */
export function leaderboardTable(board: LeaderboardView, styles: ReadonlyMap<string, PlayerStyle>, runHref: (runId: number) => string): string {
  const head = [
    t('th', { scope: 'col' }, board.subjectLabel),
    ...board.metrics.map((m) => t('th', { scope: 'col', class: 'num', title: m.description }, `${m.label}${ARROW[m.direction]}`)),
    ...board.aggregates.map((a) => t('th', { scope: 'col', class: 'num', title: a.description }, `${a.label}${ARROW[a.direction]}`)),
    t('th', { scope: 'col', class: 'num', title: 'finished episodes counted' }, 'n'),
    t('th', { scope: 'col', class: 'num' }, 'reps'),
    t('th', { scope: 'col', class: 'num' }, 'excluded'),
    t('th', { scope: 'col' }, 'runs'),
  ].join('');
  const rows = board.rows.map((r) => {
    const cautions = rowCautions(r, board.minEpisodes);
    const sample = cautions.find((c) => c.kind !== 'high-errors');
    const errors = cautions.find((c) => c.kind === 'high-errors');
    const mark = (c: typeof sample) => (c ? h('span', { class: 'caution', role: 'img', 'aria-label': c.text, title: c.text, 'data-caution': c.kind }, ' ⚠') : '');
    const metrics = board.metrics.map((m) => {
      const c = r.metrics[m.key];
      if (!c) return h('td', { class: 'num', 'data-metric': m.key }, '—');
      if (tooFew(c.n, board.minEpisodes)) return t('td', { class: 'num too-few', 'data-metric': m.key, title: `Fewer than ${board.minEpisodes} episodes: no mean is shown.` }, tooFewText(c.n));
      const text = metricMeanStd(m, c.mean, c.std, m.digits);
      const interval = c.low === null || c.high === null ? '' : ` (95% CI ${metricNumber(m, c.low, m.digits + 1)}–${metricNumber(m, c.high, m.digits + 1)})`;
      const title = `pooled over ${plural(c.n, 'episode')}: ${metricNumber(m, c.pooled, m.digits + 1)}${interval}`;
      return h('td', { class: 'num', 'data-metric': m.key, title }, board.best[m.key]?.includes(r.player) ? t('strong', {}, text) : esc(text));
    });
    const aggregates = board.aggregates.map((a) => t('td', { class: 'num', 'data-aggregate': a.key }, fixedOr(r.aggregates[a.key], a.digits, '—')));
    const failed = r.errorsExcluded + r.unfinishedExcluded;
    const excluded = [failed ? `${failed} failed` : '', r.leftOut ? `${r.leftOut} left out` : ''].filter(Boolean).join(', ');
    return h(
      'tr',
      { 'data-player': r.player },
      h('th', { scope: 'row' }, swatch(r.player, styles.get(r.player)) + esc(r.player) + (r.kind === 'human' ? ' (human)' : '')) +
        metrics.join('') +
        aggregates.join('') +
        h('td', { class: 'num', 'data-n': '' }, String(r.episodes) + mark(sample)) +
        t('td', { class: 'num' }, String(r.repetitions)) +
        h('td', { class: 'num' }, esc(excluded) + mark(errors)) +
        h('td', {}, r.runs.map((id) => h('a', { href: runHref(id) }, `#${id}`)).join(' ')),
    );
  });
  return h('div', { class: 'table-scroll' }, h('table', { class: 'data', 'data-view': 'leaderboard' }, h('thead', {}, h('tr', {}, head)) + h('tbody', {}, rows.join(''))));
}

/** The game's score table by slices (SimulBench's Table 4), best per column in bold. */
export function slicesTable(data: SlicesView): string {
  const head = t('th', { scope: 'col' }, data.subjectLabel) + data.columns.map((c) => t('th', { scope: 'col', class: 'num' }, c)).join('');
  const rows = data.rows.map((r) =>
    h(
      'tr',
      { 'data-row': r.player },
      t('th', { scope: 'row' }, r.player) +
        r.cells
          .map((c, k) => {
            const column = data.columns[k]!;
            if (!c) return h('td', { class: 'num', 'data-column': column }, '—');
            if (tooFew(c.n, data.minEpisodes)) return t('td', { class: 'num too-few', 'data-column': column }, tooFewText(c.n));
            const title = `n = ${c.n}${c.low !== null && c.high !== null ? `, 95% CI ${fixed(c.low, data.digits)}–${fixed(c.high, data.digits)}` : ''}`;
            const text = fixed(c.mean, data.digits);
            return h('td', { class: 'num', 'data-column': column, title }, data.best[k]?.includes(r.player) ? t('strong', {}, text) : esc(text));
          })
          .join(''),
    ),
  );
  const caption = t('caption', { class: 'meta' }, `${data.note} Mean ${data.metricLabel.replace(/^mean /, '')}; hover a cell for n and its 95% interval.`);
  return h('div', { class: 'table-scroll' }, h('table', { class: 'data', 'data-view': 'slices' }, caption + h('thead', {}, h('tr', {}, head)) + h('tbody', {}, rows.join(''))));
}

/** The difficulty chart's levels as a table, easy → hard: the mean over players, each player's mean and n, ✓ where they solved it. */
export function difficultyTable(d: DifficultyView, digits: number): string {
  const head = t('th', { scope: 'col' }, d.axisLabel) + t('th', { scope: 'col', class: 'num' }, 'mean of players') + d.players.map((p) => t('th', { scope: 'col', class: 'num' }, p)).join('');
  const rows = d.rows.map((r) =>
    h(
      'tr',
      { 'data-level': r.level },
      t('th', { scope: 'row' }, r.unsolved ? `${r.level} (no player solved it)` : r.level) +
        t('td', { class: 'num', 'data-mean': '' }, fixed(r.mean, digits)) +
        d.players
          .map((p) => {
            const c = r.players[p];
            return c ? t('td', { class: 'num', 'data-player': p, title: `n = ${c.n}` }, `${fixed(c.mean, digits)}${c.solved ? ' ✓' : ''}`) : h('td', { class: 'num', 'data-player': p }, '—');
          })
          .join(''),
    ),
  );
  return h('div', { class: 'table-scroll' }, h('table', { class: 'data', 'data-view': 'difficulty' }, h('thead', {}, h('tr', {}, head)) + h('tbody', {}, rows.join(''))));
}
