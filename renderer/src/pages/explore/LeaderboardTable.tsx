import { Fragment, useMemo, useState } from 'react';
import type { LeaderboardView } from '../../../../shared/api/contract';
import { playerStyles } from '../../../../shared/charts/players';
import { rowCautions, tooFew, tooFewText } from '../../../../shared/stats/caution';
import { PlayerSwatch } from './ChartFrame';
import { counted } from '../../format';
import { fixedOr, meanStdText } from '../../../../shared/text/number';
import { metricMeanStd, metricNumber } from '../../../../shared/contract/game';

const ARROW = { higher: ' ↑', lower: ' ↓', none: '' } as const;

export { meanStdText as meanStd };

type Row = LeaderboardView['rows'][number];
type SortKey = { kind: 'player' | 'episodes' } | { kind: 'metric' | 'aggregate'; key: string };
type Sort = { by: SortKey; descending: boolean } | null;

/** A row's value in a column, for sorting: a cell too thin to print sorts last, like an empty one. */
function valueOf(row: Row, by: SortKey, minEpisodes: number): number | string | null {
  if (by.kind === 'player') return row.player;
  if (by.kind === 'episodes') return row.episodes;
  if (by.kind === 'aggregate') return row.aggregates[by.key] ?? null;
  if (by.kind !== 'metric') return null;
  const c = row.metrics[by.key];
  return c && !tooFew(c.n, minEpisodes) ? c.mean : null;
}

function sorted(rows: readonly Row[], sort: Sort, minEpisodes: number): Row[] {
  if (!sort) return [...rows];
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, sort.by, minEpisodes), valueOf(b, sort.by, minEpisodes)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y)) || a.player.localeCompare(b.player);
  });
}

const same = (a: SortKey, b: SortKey) => a.kind === b.kind && ('key' in a ? a.key : '') === ('key' in b ? b.key : '');

/**
 * The leaderboard table: every column sorts (click or Enter on its header; again to reverse), the
 * best rows of a metric in bold (ties all bold, only rows with enough episodes), cells too thin to
 * print say so, and cautions sit beside the counts they are about. A player opens its episodes.
 */
export function LeaderboardTable({ board, onOpen, universe }: { board: LeaderboardView; onOpen: (player: string) => void; universe: readonly string[] }) {
  const [sort, setSort] = useState<Sort>(null);
  // Each player's colour on every chart, settled among all the dataset's players as the charts do.
  const styles = useMemo(() => playerStyles([...universe, ...board.rows.map((r) => r.player)]), [universe, board]);
  const rows = useMemo(() => sorted(board.rows, sort, board.minEpisodes), [board, sort]);
  const header = (by: SortKey, label: React.ReactNode, options: { num?: boolean; title?: string; firstDescending?: boolean } = {}) => {
    const active = sort && same(sort.by, by) ? sort : null;
    const next = () => setSort(active ? { by, descending: !active.descending } : { by, descending: options.firstDescending ?? true });
    return (
      <th scope="col" className={options.num ? 'num' : undefined} title={options.title} aria-sort={active ? (active.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort" onClick={next}>
          {label}
          <span aria-hidden="true" className="sort-mark">{active ? (active.descending ? ' ▾' : ' ▴') : ''}</span>
        </button>
      </th>
    );
  };
  return (
    // A game with many metrics (AGE) scrolls its table sideways instead of widening the page.
    <div className="table-scroll">
      <table className="data sortable" data-testid="leaderboard">
        <thead>
          <tr>
            {header({ kind: 'player' }, board.subjectLabel, { firstDescending: false })}
            {board.metrics.map((m) => <Fragment key={m.key}>{header({ kind: 'metric', key: m.key }, `${m.label}${ARROW[m.direction]}`, { num: true, title: m.description, firstDescending: m.direction !== 'lower' })}</Fragment>)}
            {board.aggregates.map((a) => <Fragment key={a.key}>{header({ kind: 'aggregate', key: a.key }, `${a.label}${ARROW[a.direction]}`, { num: true, title: a.description, firstDescending: a.direction !== 'lower' })}</Fragment>)}
            {header({ kind: 'episodes' }, 'n', { num: true, title: 'finished episodes counted' })}
            <th scope="col" className="num">reps</th>
            <th scope="col" className="num">excluded</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const cautions = rowCautions(r, board.minEpisodes);
            const sample = cautions.find((c) => c.kind !== 'high-errors');
            const errors = cautions.find((c) => c.kind === 'high-errors');
            return (
              <tr key={r.player} data-player={r.player}>
                <th scope="row">
                  <PlayerSwatch player={r.player} style={styles.get(r.player)} />
                  <button type="button" className="link" onClick={() => onOpen(r.player)} title={`Open ${r.player}'s episodes`}>{r.player}</button>
                  {r.kind === 'human' ? ' (human)' : ''}
                </th>
                {board.metrics.map((m) => {
                  const c = r.metrics[m.key];
                  if (!c) return <td key={m.key} className="num" data-metric={m.key}>—</td>;
                  if (tooFew(c.n, board.minEpisodes)) return <td key={m.key} className="num too-few" data-metric={m.key} title={`Fewer than ${board.minEpisodes} episodes: no mean is shown (the minimum is a filter).`}>{tooFewText(c.n)}</td>;
                  // A percentage (clembench's % Played) × 100, as the Benchmark page shows it.
                  const text = metricMeanStd(m, c.mean, c.std, m.digits);
                  const interval = c.low === null || c.high === null ? '' : ` (95% CI ${metricNumber(m, c.low, m.digits + 1)}–${metricNumber(m, c.high, m.digits + 1)})`;
                  return (
                    <td key={m.key} className="num" data-metric={m.key} title={`pooled over ${counted(c.n, 'episode')}: ${metricNumber(m, c.pooled, m.digits + 1)}${interval}`}>
                      {board.best[m.key]?.includes(r.player) ? <strong>{text}</strong> : text}
                    </td>
                  );
                })}
                {board.aggregates.map((a) => <td key={a.key} className="num" data-aggregate={a.key}>{fixedOr(r.aggregates[a.key], a.digits, '—')}</td>)}
                <td className="num" data-testid="row-n">
                  {r.episodes}
                  {sample && <span className="caution" role="img" aria-label={sample.text} title={sample.text} data-caution={sample.kind}> ⚠</span>}
                </td>
                <td className="num">{r.repetitions}</td>
                <td className="num" title="errored and unfinished episodes are excluded from every metric; left out: finished episodes on instances another player did not finish">
                  {[r.errorsExcluded + r.unfinishedExcluded ? `${r.errorsExcluded + r.unfinishedExcluded} failed` : '', r.leftOut ? `${r.leftOut} left out` : ''].filter(Boolean).join(', ')}
                  {errors && <span className="caution warn" role="img" aria-label={errors.text} title={errors.text} data-caution={errors.kind}> ⚠</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
