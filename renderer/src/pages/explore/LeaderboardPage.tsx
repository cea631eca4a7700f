import { useState } from 'react';
import type { GameInfo, LeaderboardRowView } from '../../../../shared/api/contract';
import { useApi, useLiveCall, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { counted } from '../../format';
import { CoverageNote, FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';
import { SlicesTable } from './SlicesTable';
import { EpisodeList } from './EpisodeList';
import { LeaderboardTable } from './LeaderboardTable';
import { DEFAULT_MIN_EPISODES } from '../../../../shared/stats/caution';
import { fixed } from '../../../../shared/text/number';

export { meanStd } from './LeaderboardTable';

/** Whether each seat of the row role is its own player's row (several models fill it), so seat metrics are a row's. */
export function seatsAreRows(game: GameInfo, by: string | undefined): boolean {
  return game.roles.some((r) => (by === undefined ? r.subject : r.id === by) && !!r.several);
}

/** Players across runs in the paper's table form (the game's metrics), best in bold; a paired comparison of two. */
export function LeaderboardPage() {
  const { filters, setFilters, options, game, dataset } = useFilters();
  if (options && options.games.length === 0) return <Shell><NoRunsYet /></Shell>;
  if (!filters || !options || !game) return <Shell><p aria-busy="true">Loading…</p></Shell>;
  return (
    <Shell>
      <FiltersBar filters={filters} onChange={setFilters} options={options} />
      {/* Keyed by game and dataset: a panel's choices (players, metric) belong to one game and must not be sent with another's filters. */}
      {/* Sibling keys must differ: with one key for both, React kept the old game's table on screen beside the new one. */}
      <Board key={`board/${filters.game}/${filters.dataset}`} filters={filters} game={game} players={dataset?.players ?? []} />
      {game.view.slices && <SlicesTable key={`slices/${filters.game}/${filters.dataset}`} filters={filters} game={game} />}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="leaderboard-title">
      <header className="page-header"><h1 id="leaderboard-title">Leaderboard</h1></header>
      {children}
    </section>
  );
}

function Board({ filters, game, players }: { filters: Filters; game: GameInfo; players: readonly string[] }) {
  const api = useApi();
  const board = useQuery('explore.leaderboard', { filters });
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = board.data?.rows ?? [];
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'leaderboard', format, filters }).then(download, (e: Error) => setError(e.message));
  const [reporting, setReporting] = useState(false);
  // The runs behind the rows in view, compared as this page compares them; a zip of a folder that opens offline.
  const runIds = [...new Set(rows.flatMap((r) => r.runs))].sort((a, b) => a - b);
  const saveReport = () => {
    setReporting(true);
    api
      .call('runs.htmlReport', { runIds, instances: filters.instances, commonWithHumans: filters.commonWithHumans, minEpisodes: filters.minEpisodes })
      .then(download, (e: Error) => setError(e.message))
      .finally(() => setReporting(false));
  };
  return (
    <>
      <ErrorNote error={board.error ?? error} />
      {board.data && <CoverageNote coverage={board.data.coverage} game={game} />}
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
        <button
          type="button"
          onClick={saveReport}
          disabled={runIds.length === 0 || reporting}
          title="A zip of a folder for co-authors without Parlor: open its index.html in any browser, offline. It holds these runs' leaderboard, heatmaps, difficulty views and every transcript."
        >
          {reporting ? 'Writing the report…' : 'Export HTML report'}
        </button>
      </div>
      {board.data && rows.length > 0 && <LeaderboardTable board={board.data} onOpen={setOpen} universe={players} />}
      <p className="meta">
        Mean ± sample std over repetitions (each run × repetition is one), as the papers' tables; hover a value for the mean pooled over all episodes and its 95% interval (Wilson for rates, Student's t for means, within the metric's range).
        Best in bold (ties all bold) among rows with at least {counted(board.data?.minEpisodes ?? filters.minEpisodes ?? DEFAULT_MIN_EPISODES, 'episode')}; ⚠ marks a small sample or many failed episodes. Click a column to sort, a player for its episodes.
      </p>
      {open && rows.some((r) => r.player === open) && <EpisodeList key={open} filters={filters} player={open} game={game} />}
      {rows.length >= 2 && <Pairwise rows={rows} filters={filters} game={game} />}
    </>
  );
}

function Pairwise({ rows, filters, game }: { rows: LeaderboardRowView[]; filters: Filters; game: GameInfo }) {
  const [pickedA, setA] = useState(rows[0]!.player);
  const [pickedB, setB] = useState(rows[1]!.player);
  // A choice no longer among the rows (the players picker changed them) falls back to the first ones.
  const a = rows.some((r) => r.player === pickedA) ? pickedA : rows[0]!.player;
  const b = rows.some((r) => r.player === pickedB) ? pickedB : rows.find((r) => r.player !== a)!.player;
  // Per-instance differences need a row's own value: a seat metric is one only where seats are rows (AGE).
  const seatRows = seatsAreRows(game, filters.by);
  const choices = game.metrics.filter((m) => (m.scope ?? 'episode') === 'episode' || seatRows);
  const [metricKey, setMetricKey] = useState(game.view.sortBy);
  // Only a metric of this game: a choice left from other filters is never sent.
  const ready = a !== b && choices.some((m) => m.key === metricKey);
  const result = useLiveCall('explore.compare', ready ? { filters, a, b, metric: metricKey } : null, 50);
  const c = result.value;
  const metric = game.metrics.find((m) => m.key === (c?.metric ?? metricKey))?.label ?? 'Score';
  const p = (x: number) => (x < 0.001 ? '< 0.001' : `= ${fixed(x, 3)}`);
  return (
    <div className="pairwise">
      <h2>Compare two players on the same {game.view.nouns.instances}</h2>
      <div className="filters">
        <label>A <select value={a} onChange={(e) => setA(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
        <label>B <select value={b} onChange={(e) => setB(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
        {choices.length > 1 && (
          <label>On <select aria-label="Metric to compare on" value={metricKey} onChange={(e) => setMetricKey(e.target.value)}>{choices.map((m) => <option key={m.key} value={m.key}>{m.label}</option>)}</select></label>
        )}
      </div>
      <ErrorNote error={result.error} />
      {a === b && <p className="meta">Choose two different players.</p>}
      {ready && c && (
        <p data-testid="pairwise" data-test={c.test}>
          {c.difference === null
            ? `No ${game.view.nouns.instance} has a value of ${metric} for both players (aborted or unscored episodes have none).`
            : c.low === null || c.high === null || c.p === null
              ? `${metric} A − B = ${fixed(c.difference, 3)}: no test (${c.n < 2 ? 'fewer than two values to compare' : 'the values do not vary'}); ${c.method}.`
              : `${metric} A − B = ${fixed(c.difference, 3)} (95% CI ${fixed(c.low, 3)} to ${fixed(c.high, 3)}, p ${p(c.p)}): ${c.method}. The Significance page runs the same test and adjusts its p for the many pairs (Holm).`}
        </p>
      )}
    </div>
  );
}
