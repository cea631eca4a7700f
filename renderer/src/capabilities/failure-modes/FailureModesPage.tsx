import { useEffect, useState } from 'react';
import type { FailureTagView, FailureTagsView } from '../../../../shared/api/capabilities/failure-modes';
import { useApi, useEvents, useQuery } from '../../api/hooks';
import { ProgressBar } from '../../components/ProgressBar';
import { ErrorNote } from '../../components/ErrorNote';
import { RunLinks } from '../../components/RunLinks';
import { download } from '../../download';
import { href } from '../../links';
import { NamePrompt, useReviewerName } from './ReviewerName';
import { fixedOr, percentNumber } from '../../../../shared/text/number';
import { settingsText } from '../../../../shared/text/words';

const pct = (x: number | null) => (x === null ? '—' : `${percentNumber(x, 0)}%`);
const KEYS = 'J/K or ↓/↑ move · Y or Enter confirm · N reject · U clear your verdict';

/** Failure-mode tags of runs: counts per model with intervals, the LLM tagger, and a keyboard review queue. */
export function FailureModesPage({ runIds }: { runIds: number[] }) {
  const api = useApi();
  const [sources, setSources] = useState<string[]>(['rules']);
  const view = useQuery('tags.view', { runIds, sources });
  const profiles = useQuery('models.list', {});
  const [reviewer, setReviewer] = useReviewerName();
  const [tagger, setTagger] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  useEvents((event) => {
    if (event.type === 'tagging' && busy) setProgress({ done: event.done, total: event.total });
  });
  const v = view.data;
  const save = (format: 'csv' | 'latex') => api.call('tags.export', { runIds, sources, format }).then(download, (e: Error) => setError(e.message));
  const runTagger = async () => {
    const profile = profiles.data?.find((p) => String(p.id) === tagger);
    if (!profile) return setError('Choose the model that tags.');
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      const r = await api.call('tags.llm', { runIds, model: profile.config });
      setNote(`${r.source}: ${r.tagged} games tagged (${r.tags} tags), ${r.alreadyTagged} read before, ${r.failed} failed.`);
      setSources((s) => [...new Set([...s, r.source])]);
      view.reload();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="failure-title">
      <header className="page-header"><h1 id="failure-title">Failure modes</h1></header>
      <p className="meta">
        <RunLinks runIds={runIds} />
        {v && ` · the ${v.seat}'s moves · rules: ${settingsText(v.rules)} · ${v.reviewed} of ${v.tags.length} tags reviewed`}
      </p>
      <ErrorNote error={view.error ?? error} />
      {v && (
        <>
          <dl className="meta">{v.modes.map((m) => <div key={m.id}><dt><strong>{m.label}</strong></dt><dd>{m.description}</dd></div>)}</dl>
          <fieldset className="checks">
            <legend>Count tags from</legend>
            {v.available.map((s) => (
              <label key={s}><input type="checkbox" checked={sources.includes(s)} onChange={() => setSources((x) => (x.includes(s) ? x.filter((y) => y !== s) : [...x, s]))} /> {s === 'rules' ? 'the rules' : s}</label>
            ))}
          </fieldset>
          <Counts view={v} />
          <div className="filters">
            <button type="button" onClick={() => void save('csv')}>Export CSV</button>
            <button type="button" onClick={() => void save('latex')}>Export LaTeX</button>
            <label htmlFor="llm-tagger">LLM tagger</label>{' '}
            <select id="llm-tagger" value={tagger} onChange={(e) => setTagger(e.target.value)}>
                <option value="">choose a model…</option>
              {profiles.data?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
            <button type="button" disabled={busy} onClick={() => void runTagger()}>{busy ? 'Tagging…' : 'Run the LLM tagger'}</button>
          </div>
          {busy && progress && <ProgressBar done={progress.done} errors={0} total={progress.total} label="LLM tagger progress" />}
          {note && <p className="meta" role="status">{note}</p>}
          <h2>Review</h2>
          {reviewer ? <Review view={v} reviewer={reviewer} onChanged={view.reload} onError={setError} onSwitch={() => setReviewer(null)} /> : <NamePrompt onName={setReviewer} />}
        </>
      )}
    </section>
  );
}

function Counts({ view }: { view: FailureTagsView }) {
  const players = [...new Set(view.counts.map((c) => c.player))];
  return (
    <div className="table-scroll">
      <table className="data" data-testid="failure-counts">
        <caption>Games with at least one counted tag (95% Wilson interval) · tags per game</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" className="num">Games</th>
            {view.modes.map((m) => <th key={m.id} scope="col" className="num">{m.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {players.map((p) => {
            const mine = view.counts.filter((c) => c.player === p);
            return (
              <tr key={p}>
                <th scope="row">{p}</th>
                <td className="num">{mine[0]?.games ?? 0}</td>
                {view.modes.map((m) => {
                  const c = mine.find((x) => x.mode === m.id);
                  return <td key={m.id} className="num" data-mode={m.id}>{c ? `${c.tagged} (${pct(c.rate)}, ${pct(c.low)}–${pct(c.high)}) · ${fixedOr(c.perGame, 2, '—')}/game` : '—'}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Review({ view, reviewer, onChanged, onError, onSwitch }: { view: FailureTagsView; reviewer: string; onChanged: () => void; onError: (e: string) => void; onSwitch: () => void }) {
  const api = useApi();
  const [at, setAt] = useState(0);
  const tags = view.tags;
  const tag: FailureTagView | undefined = tags[Math.min(at, tags.length - 1)];
  const label = (mode: string) => view.modes.find((m) => m.id === mode)?.label ?? mode;
  const mine = tag?.reviews.find((r) => r.reviewer === reviewer)?.verdict ?? null;
  const [add, setAdd] = useState({ round: '', mode: view.modes[0]?.id ?? '' });
  const say = async (t: FailureTagView, verdict: 'confirmed' | 'rejected' | 'added' | null, round = t.round, mode = t.mode) => {
    try {
      await api.call('tags.review', { episodeId: t.episodeId, round, mode, reviewer, verdict });
      onChanged();
    } catch (e) {
      onError((e as Error).message);
    }
  };
  // Re-bound every render, so the keys always act on the tag and reviewer on screen.
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (!tag || (e.target as HTMLElement).closest('input, select, textarea')) return;
      const next = () => setAt((i) => Math.min(i + 1, tags.length - 1));
      const k = e.key.toLowerCase();
      if (k === 'j' || k === 'arrowdown') next();
      else if (k === 'k' || k === 'arrowup') setAt((i) => Math.max(i - 1, 0));
      else if (k === 'y' || k === 'enter') void say(tag, 'confirmed').then(next);
      else if (k === 'n') void say(tag, 'rejected').then(next);
      else if (k === 'u') void say(tag, null);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  });
  if (!tag) return <p className="meta">No tags to review: the counted sources found none.</p>;
  return (
    <div className="tag-review" data-testid="tag-review">
      <p className="meta">Reviewing as <strong>{reviewer}</strong> (<button type="button" className="link" onClick={onSwitch}>not you?</button>) · {KEYS}</p>
      <article className="card" aria-live="polite" data-testid="tag-card">
        <h3>
          {at + 1}/{tags.length} · {label(tag.mode)} at turn {tag.round} · <a href={href.episode(tag.episodeId)}>{tag.instance} #{tag.repetition}</a> · {tag.player}
        </h3>
        <p className="meta" data-testid="tag-status">Status: {tag.status}{mine ? ` (you: ${mine})` : ''} · from {tag.sources.join(', ') || 'a review'}</p>
        <ul>{tag.reasons.map((r) => <li key={r}>{r}</li>)}</ul>
        <table className="data">
          <tbody>
            {tag.context.map((c) => (
              <tr key={c.round} className={c.round === tag.round ? 'turnover' : undefined}>
                <th scope="row" className="num">{c.round}</th>
                <td>{c.move}</td>
                <td>{c.reply}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="actions compact">
          <button type="button" onClick={() => void say(tag, 'confirmed')}>Confirm (Y)</button>
          <button type="button" onClick={() => void say(tag, 'rejected')}>Reject (N)</button>
        </div>
      </article>
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); void say(tag, 'added', Number(add.round), add.mode); }}>
        <span>A tag the taggers missed in {tag.instance} #{tag.repetition}:</span>{' '}
        <label htmlFor="tag-add-turn">Turn</label> <input id="tag-add-turn" inputMode="numeric" size={3} value={add.round} onChange={(e) => setAdd({ ...add, round: e.target.value })} />
        <label htmlFor="tag-add-mode">Mode</label> <select id="tag-add-mode" value={add.mode} onChange={(e) => setAdd({ ...add, mode: e.target.value })}>{view.modes.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}</select>
        <button type="submit">Add tag</button>
      </form>
    </div>
  );
}
