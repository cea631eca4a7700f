import { Fragment, useMemo, useState } from 'react';
import type { EpisodeSummary } from '../../../shared/api/contract';
import { episodeValue, metricNumber } from '../../../shared/contract/game';
import { outcomeLabel, roleLabel, useGames } from '../api/games';
import { useApi, useEvents, useQuery, useThrottled } from '../api/hooks';
import { download } from '../download';
import { ErrorNote } from '../components/ErrorNote';
import { OutcomeBadge } from '../components/OutcomeBadge';
import { ProgressBar } from '../components/ProgressBar';
import { StatusBadge } from '../components/StatusBadge';
import { VirtualTable, type Column } from '../components/VirtualTable';
import { costText } from '../cost-text';
import { count, counted, when } from '../format';
import { href, navigate } from '../links';
import { RunActions } from './RunActions';
import { RunBatches } from './RunBatches';
import { RunErrors } from './RunErrors';
import { RunLabels } from './RunLabels';
import { isSeatMetric, MetricCells, MetricHeaders, RowMetricsTable } from './RunMetrics';
import { CAPABILITY_UIS } from '../capabilities';

type OutcomeFilter = 'all' | 'success' | 'failure' | 'aborted' | 'error' | 'unfinished';

export function RunPage({ runId }: { runId: number }) {
  const detail = useQuery('runs.get', { runId });
  const errorGroups = useQuery('runs.errorGroups', { runId });
  const [pace, setPace] = useState<{ callsPerSecond: number; etaSeconds: number | null } | null>(null);
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const episodes = useQuery('episodes.list', appliedSearch ? { runId, search: appliedSearch } : { runId });
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [instance, setInstance] = useState('');
  const { gameOf } = useGames();
  const [repetition, setRepetition] = useState('all');
  const api = useApi();
  const [fileNote, setFileNote] = useState<string | null>(null);
  const saveFile = (id: string) =>
    api.call('runs.file', { runId, id }).then(
      (file) => {
        download(file);
        setFileNote(null);
      },
      (e: Error) => setFileNote(e.message),
    );
  const refresh = useThrottled(() => {
    detail.reload();
    episodes.reload();
    errorGroups.reload();
  }, 750);
  useEvents((event) => {
    if (event.type === 'progress' && event.runId === runId) setPace({ callsPerSecond: event.callsPerSecond, etaSeconds: event.etaSeconds });
    if (event.type === 'run-finished' && event.runId === runId) setPace(null);
    if (event.type === 'runs-changed' || ('runId' in event && event.runId === runId)) refresh();
  });

  const rows = useMemo(() => {
    const needle = instance.trim().toLowerCase();
    return (episodes.data ?? []).filter((e) => {
      if ((outcome === 'success' || outcome === 'failure' || outcome === 'aborted') && e.outcome !== outcome) return false;
      if (outcome === 'error' && e.status !== 'error') return false;
      if (outcome === 'unfinished' && (e.status === 'done' || e.status === 'error')) return false;
      if (repetition !== 'all' && e.repetition !== Number(repetition)) return false;
      return !needle || e.instance.toLowerCase().includes(needle);
    });
  }, [episodes.data, outcome, instance, repetition]);

  if (detail.error && !detail.data) return <ErrorNote error={detail.error} />;
  if (!detail.data) return <p aria-busy="true">Loading run {runId}…</p>;
  const run = detail.data;
  const s = run.summary;
  const game = gameOf(s.game);
  const nouns = game?.view.nouns ?? { instance: 'instance', instances: 'instances', subset: 'subset' };
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  // Where each player (or each seat) has its own row, that table holds the seat metrics and the run's row the episode's own.
  const perPlayer = run.players?.length ? run.players : null;
  const perSeat = !perPlayer && run.seats?.length ? run.seats : null;
  const playerLabel = game?.roles.find((r) => r.subject && r.several)?.label ?? 'Player';
  const runMetrics = (perPlayer || perSeat) && run.metrics.some(isSeatMetric) ? run.metrics.filter((m) => !isSeatMetric(m)) : run.metrics;
  const metricColumns = (game?.view.episodeColumns ?? []).flatMap((key) => {
    const m = run.metrics.find((x) => x.key === key);
    return m ? [m] : [];
  });

  const columns: Column<EpisodeSummary>[] = [
    { key: 'instance', header: capital(nouns.instance), width: 'minmax(10rem, 2fr)', render: (e) => <a href={href.episode(e.id)} tabIndex={-1}>{e.instance}</a>, sortValue: (e) => e.instance.toLowerCase() },
    { key: 'rep', header: 'Rep.', width: '4rem', align: 'right', render: (e) => e.repetition, sortValue: (e) => e.repetition },
    { key: 'outcome', header: 'Outcome', width: '7rem', render: (e) => <OutcomeBadge episode={e} game={game} />, sortValue: (e) => e.outcome ?? e.status },
    ...metricColumns.map((m): Column<EpisodeSummary> => ({
      key: m.key,
      header: m.label,
      // Wide enough for the label's longest word (headers wrap between words): "Utterances" is never cut to "Utteranc".
      width: `minmax(${Math.max(5, Math.max(...m.label.split(' ').map((w) => w.length)) * 0.6 + 1.6)}rem, 1fr)`,
      align: 'right',
      render: (e) => {
        const v = e.scores?.[m.key];
        return v === undefined ? '—' : episodeValue(m, v);
      },
      sortValue: (e) => e.scores?.[m.key] ?? null,
    })),
  ];

  return (
    <section aria-labelledby="run-title">
      <header className="page-header">
        <h1 id="run-title">
          Run #{s.id}
          {s.name ? ` — ${s.name}` : ''}
        </h1>
        <StatusBadge status={s.status} active={s.active} />
      </header>
      {s.cannotPlay && (
        <p className="notice" role="note" data-testid="cannot-play">
          Not played: {s.cannotPlay.replace(/^cannot play: /, '')}. clembench records such a model as unable to play the game; it has no episodes and made no calls.
        </p>
      )}
      <p className="meta">
        {game?.shortTitle ?? s.game} · {s.dataset}/{s.subset} ·{' '}
        {s.seats.map((seat) => (
          <span key={seat.seat}>
            {roleLabel(game, seat.role).toLowerCase()} <strong>{seat.player}</strong> ·{' '}
          </span>
        ))}
        {counted(run.repetitions, 'repetition')} · seed {run.seed} ·
        created {when(s.createdAt)} · Parlor {run.appVersion}
      </p>
      <div className="run-progress">
        <ProgressBar done={s.done} errors={s.errors} total={s.total} label={`Run ${s.id} progress`} pace={s.active ? pace : null} />
        <RunActions run={s} onChanged={detail.reload} />
        {s.done > 0 && game?.annotation && <a className="button" href={href.newAnnotationSet(s.id)}>Check the {game.annotation.itemsNoun}…</a>}
        {s.done > 0 &&
          game?.runFiles.map((f) => (
            <button key={f.id} type="button" onClick={() => void saveFile(f.id)}>
              {f.label}
            </button>
          ))}
        {CAPABILITY_UIS.map((ui) => ui.runActions && <Fragment key={ui.key}>{ui.runActions({ run, game })}</Fragment>)}
        {fileNote && <span className="meta" role="status">{fileNote}</span>}
      </div>
      {s.error && <ErrorNote error={`Stopped: ${s.error}`} />}
      <RunLabels run={s} onChanged={detail.reload} />
      {CAPABILITY_UIS.map((ui) => ui.runSections && <Fragment key={ui.key}>{ui.runSections({ run, game })}</Fragment>)}

      <h2>Results</h2>
      {perPlayer && <RowMetricsTable testId="per-player" header={playerLabel} caption={`By ${playerLabel.toLowerCase()}: the seats each model held`} rows={perPlayer.map((p) => ({ key: p.player, label: p.player, metrics: p.metrics }))} />}
      {perSeat && (
        <RowMetricsTable
          testId="per-seat"
          header="Seat"
          caption="By seat: what the game scores each player on"
          rows={perSeat.map((seat) => ({ key: seat.seat, label: <>{roleLabel(game, seat.role)} <span className="meta">{seat.player}</span></>, metrics: seat.metrics }))}
        />
      )}
      <div className="table-scroll">
        <table className="data metrics" data-testid="table1">
          <thead>
            <tr>
              {perPlayer && <td />}
              <MetricHeaders metrics={runMetrics} />
            </tr>
          </thead>
          <tbody>
            <tr>
              {perPlayer && <th scope="row">Every episode</th>}
              <MetricCells metrics={runMetrics} />
            </tr>
          </tbody>
        </table>
      </div>
      <p className="meta">
        Mean ± sample std of the per-repetition means over finished episodes (a metric an episode was not scored on is left out of it).
        {run.errorsExcluded ? ` ${run.errorsExcluded} error${run.errorsExcluded === 1 ? '' : 's'} excluded.` : ''}
        {run.pending ? ` ${run.pending} unfinished excluded.` : ''}
        {run.invalidExcluded ? ` ${run.invalidExcluded} marked invalid excluded.` : ''} {count(run.calls.total)} model calls ({counted(run.calls.errors, 'failed attempt')}) · cost{' '}
        <span data-testid="run-cost">{costText(run.costUsd, run.costUnpriced)}</span>.
      </p>
      {run.perRepetition.length > 1 && (
        <details>
          <summary>Per repetition</summary>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Repetition</th>
                <th scope="col" className="num">Episodes</th>
                {runMetrics.map((m) => <th key={m.key} scope="col" className="num">{m.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {run.perRepetition.map((r) => (
                <tr key={r.repetition}>
                  <td>{r.repetition}</td>
                  <td className="num">{r.episodes}</td>
                  {runMetrics.map((m) => <td key={m.key} className="num">{r.means[m.key] === undefined ? '—' : metricNumber(m, r.means[m.key]!, m.digits)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}

      <RunBatches runId={runId} />

      {run.errors.length > 0 && (
        <>
          <h2>Errors ({run.errors.length})</h2>
          <p className="meta">
            Episodes that did not finish — a call that still failed after its retries, or a game a person gave up — are excluded from the metrics, never scored as a {outcomeLabel(game, 'failure')}.
          </p>
          {errorGroups.data && <RunErrors groups={errorGroups.data} />}
        </>
      )}

      <h2>Episodes</h2>
      <div className="filters" role="search">
        <label>
          Outcome{' '}
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as OutcomeFilter)}>
            <option value="all">all</option>
            <option value="success">{outcomeLabel(game, 'success')}</option>
            <option value="failure">{outcomeLabel(game, 'failure')}</option>
            <option value="aborted">{outcomeLabel(game, 'aborted')}</option>
            <option value="error">errors</option>
            <option value="unfinished">unfinished</option>
          </select>
        </label>
        <label>
          {capital(nouns.instance)} <input value={instance} onChange={(e) => setInstance(e.target.value)} placeholder="filter" />
        </label>
        <label>
          Repetition{' '}
          <select value={repetition} onChange={(e) => setRepetition(e.target.value)}>
            <option value="all">all</option>
            {Array.from({ length: run.repetitions }, (_, i) => (
              <option key={i + 1} value={i + 1}>{i + 1}</option>
            ))}
          </select>
        </label>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setAppliedSearch(search.trim());
          }}
        >
          <label>
            Text containing <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. electronic" />
          </label>{' '}
          <button type="submit">Search</button>
          {appliedSearch && (
            <button type="button" className="link-button" onClick={() => { setSearch(''); setAppliedSearch(''); }}>
              clear
            </button>
          )}
        </form>
        <span className="meta" aria-live="polite">{rows.length} of {counted(s.total, 'episode')}</span>
      </div>
      <ErrorNote error={episodes.error} />
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(e) => e.id}
        label="episodes"
        onActivate={(e) => navigate(href.episode(e.id))}
        empty={episodes.loading ? 'Loading…' : 'No episode matches these filters.'}
      />
    </section>
  );
}
