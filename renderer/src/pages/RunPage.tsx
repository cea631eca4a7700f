import { useMemo, useState } from 'react';
import type { EpisodeSummary } from '../../../shared/api/contract';
import { useEvents, useQuery, useThrottled } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { StatusBadge } from '../components/StatusBadge';
import { VirtualTable, type Column } from '../components/VirtualTable';
import { count, meanStd, usd, when } from '../format';
import { href, navigate } from '../router';
import { RunActions } from './RunActions';

type OutcomeFilter = 'all' | 'win' | 'loss' | 'error' | 'unfinished';

const ARROW = { higher: ' ↑', lower: ' ↓', none: '' } as const;

export function RunPage({ runId }: { runId: number }) {
  const detail = useQuery('runs.get', { runId });
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const episodes = useQuery('episodes.list', appliedSearch ? { runId, search: appliedSearch } : { runId });
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [entity, setEntity] = useState('');
  const [repetition, setRepetition] = useState('all');
  const refresh = useThrottled(() => {
    detail.reload();
    episodes.reload();
  }, 750);
  useEvents((event) => {
    if (event.type === 'runs-changed' || ('runId' in event && event.runId === runId)) refresh();
  });

  const rows = useMemo(() => {
    const needle = entity.trim().toLowerCase();
    return (episodes.data ?? []).filter((e) => {
      if (outcome === 'win' && e.outcome !== 'win') return false;
      if (outcome === 'loss' && e.outcome !== 'loss') return false;
      if (outcome === 'error' && e.status !== 'error') return false;
      if (outcome === 'unfinished' && (e.status === 'done' || e.status === 'error')) return false;
      if (repetition !== 'all' && e.repetition !== Number(repetition)) return false;
      return !needle || e.entity.toLowerCase().includes(needle);
    });
  }, [episodes.data, outcome, entity, repetition]);

  if (detail.error && !detail.data) return <ErrorNote error={detail.error} />;
  if (!detail.data) return <p aria-busy="true">Loading run {runId}…</p>;
  const run = detail.data;
  const s = run.summary;

  const columns: Column<EpisodeSummary>[] = [
    { key: 'entity', header: 'Entity', width: 'minmax(10rem, 2fr)', render: (e) => <a href={href.episode(e.id)} tabIndex={-1}>{e.entity}</a>, sortValue: (e) => e.entity.toLowerCase() },
    { key: 'rep', header: 'Rep.', width: '4rem', align: 'right', render: (e) => e.repetition, sortValue: (e) => e.repetition },
    { key: 'outcome', header: 'Outcome', width: '7rem', render: (e) => <OutcomeBadge episode={e} />, sortValue: (e) => e.outcome ?? e.status },
    { key: 'turns', header: '#Turns', width: '5rem', align: 'right', render: (e) => e.turns ?? '—', sortValue: (e) => e.turns },
    { key: 'yes', header: '#Yes', width: '5rem', align: 'right', render: (e) => e.yes ?? '—', sortValue: (e) => e.yes },
    { key: 'score', header: 'Score', width: '5rem', align: 'right', render: (e) => (e.score === null ? '—' : e.score.toFixed(2)), sortValue: (e) => e.score },
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
      <p className="meta">
        {s.dataset}/{s.split} · guesser <strong>{s.guesser}</strong> · judge <strong>{s.judge}</strong> · {run.repetitions} repetitions · seed {run.seed} ·
        created {when(s.createdAt)} · Parlor {run.appVersion}
      </p>
      <div className="run-progress">
        <ProgressBar done={s.done} errors={s.errors} total={s.total} label={`Run ${s.id} progress`} />
        <RunActions run={s} onChanged={detail.reload} />
        {s.done > 0 && <a className="button" href={href.newAnnotationSet(s.id)}>Check the judge…</a>}
      </div>
      {s.error && <ErrorNote error={`Stopped: ${s.error}`} />}

      <h2>Results (Table 1)</h2>
      <table className="data metrics" data-testid="table1">
        <thead>
          <tr>
            {run.metrics.map((m) => (
              <th key={m.key} scope="col" className="num">
                {m.label}
                {ARROW[m.better]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {run.metrics.map((m) => (
              <td key={m.key} className="num" data-metric={m.key}>
                {meanStd(m.value, m.digits)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="meta">
        Mean ± sample std of the per-repetition means over finished episodes.
        {run.errorsExcluded ? ` ${run.errorsExcluded} error${run.errorsExcluded === 1 ? '' : 's'} excluded.` : ''}
        {run.pending ? ` ${run.pending} unfinished excluded.` : ''}
        {run.invalidExcluded ? ` ${run.invalidExcluded} marked invalid excluded.` : ''} {count(run.calls.total)} model calls ({run.calls.errors} failed attempts) · cost{' '}
        {usd(run.costUsd)}.
      </p>
      {run.perRepetition.length > 1 && (
        <details>
          <summary>Per repetition</summary>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Repetition</th>
                <th scope="col" className="num">Episodes</th>
                {run.metrics.map((m) => <th key={m.key} scope="col" className="num">{m.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {run.perRepetition.map((r) => (
                <tr key={r.repetition}>
                  <td>{r.repetition}</td>
                  <td className="num">{r.episodes}</td>
                  {run.metrics.map((m) => <td key={m.key} className="num">{r.means[m.key]?.toFixed(m.digits) ?? '—'}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}

      {run.errors.length > 0 && (
        <>
          <h2>Errors ({run.errors.length})</h2>
          <p className="meta">Infrastructure failures after retries: excluded from the metrics, never counted as losses.</p>
          <ul className="error-list">
            {run.errors.map((e) => (
              <li key={e.episodeId}>
                <a href={href.episode(e.episodeId)}>{e.entity}</a> (rep. {e.repetition}): <code>{e.kind ?? 'error'}</code> {e.message}
              </li>
            ))}
          </ul>
        </>
      )}

      <h2>Episodes</h2>
      <div className="filters" role="search">
        <label>
          Outcome{' '}
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as OutcomeFilter)}>
            <option value="all">all</option>
            <option value="win">wins</option>
            <option value="loss">losses</option>
            <option value="error">errors</option>
            <option value="unfinished">unfinished</option>
          </select>
        </label>
        <label>
          Entity <input value={entity} onChange={(e) => setEntity(e.target.value)} placeholder="filter" />
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
            Questions containing <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. electronic" />
          </label>{' '}
          <button type="submit">Search</button>
          {appliedSearch && (
            <button type="button" className="link-button" onClick={() => { setSearch(''); setAppliedSearch(''); }}>
              clear
            </button>
          )}
        </form>
        <span className="meta" aria-live="polite">{rows.length} of {s.total} episodes</span>
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

export function OutcomeBadge({ episode }: { episode: Pick<EpisodeSummary, 'status' | 'outcome' | 'errorKind'> }) {
  if (episode.status === 'error') return <span className="badge outcome-error" title={episode.errorKind ?? undefined}>error</span>;
  if (episode.outcome) return <span className={`badge outcome-${episode.outcome}`}>{episode.outcome}</span>;
  return <span className="badge outcome-pending">{episode.status}</span>;
}
