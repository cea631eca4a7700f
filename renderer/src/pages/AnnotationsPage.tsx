import { Fragment, useMemo, useState, type FormEvent } from 'react';
import type { AnnotationInfo } from '../../../shared/api/contract';
import type { StratumKey } from '../../../shared/contract/annotation';
import { DEFAULT_GAME } from '../../../shared/contract/default-game';
import { useGames } from '../api/games';
import { CAPABILITY_UIS } from '../capabilities';
import { useApi, useLiveCall, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { when } from '../format';
import { href, navigate } from '../links';
import { stratumText } from '../../../shared/text/words';

/** What a set can be stratified by, in the game's words (EDA: judge answer, dataset, judge model, category). */
const strataOf = (info: AnnotationInfo | null): { key: StratumKey; label: string }[] => [
  { key: 'label', label: info ? `${info.producer} ${info.labelNoun}` : 'label' },
  { key: 'dataset', label: 'dataset' },
  { key: 'model', label: info ? `${info.producer} model` : 'model' },
  { key: 'tag', label: info?.groups.tag ?? 'tag' },
];
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Annotation sets, and a form that draws a new one from finished runs. */
export function AnnotationsPage({ runId }: { runId: number | null }) {
  const api = useApi();
  const sets = useQuery('annotations.list', {});
  const runs = useQuery('runs.list', {});
  const { gameOf } = useGames();
  const [chosen, setChosen] = useState<number[]>(runId ? [runId] : []);
  const [method, setMethod] = useState<'random' | 'stratified' | 'episodes'>('random');
  const [size, setSize] = useState('300');
  const [strata, setStrata] = useState<StratumKey[]>(['label']);
  const [allocation, setAllocation] = useState<'proportional' | 'equal'>('proportional');
  const [episodes, setEpisodes] = useState('');
  const [seed, setSeed] = useState('');
  const [overlap, setOverlap] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const spec = useMemo(
    () => ({
      runs: chosen,
      method,
      ...(method !== 'episodes' ? { size: Number(size) } : {}),
      ...(method === 'stratified' ? { strata, allocation } : {}),
      ...(method === 'episodes' ? { episodes: episodes.split(/[\s,]+/).filter(Boolean).map(Number) } : {}),
      ...(seed ? { seed: Number(seed) } : { seed: 1 }),
      ...(overlap ? { overlap: Number(overlap) } : {}),
    }),
    [chosen, method, size, strata, allocation, episodes, seed, overlap],
  );

  const preview = useLiveCall('annotations.preview', chosen.length ? { spec } : null, 150);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      // Without a seed the engine draws one (and records it); the preview above used seed 1.
      const { seed: _previewSeed, ...rest } = spec;
      const set = await api.call('annotations.create', { name: name.trim() || defaultName, spec: seed ? spec : rest });
      navigate(href.annotate(set.id));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  // A set holds one game's events: once a run is chosen, only runs of its game can join it.
  const firstGame = (runs.data ?? []).find((r) => chosen.includes(r.id))?.game;
  const info = gameOf(firstGame ?? DEFAULT_GAME)?.annotation ?? null;
  const finished = (runs.data ?? []).filter((r) => r.done > 0 && gameOf(r.game)?.annotation && (!firstGame || r.game === firstGame));
  const items = info?.itemsNoun ?? 'items';
  const defaultName = `${info?.producer ?? 'annotation'} check of run ${chosen.join(', ')}`;
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <section aria-labelledby="annotations-title">
      <header className="page-header">
        <h1 id="annotations-title">Annotation</h1>
      </header>
      <p className="meta">
        How often is the {info?.producer ?? 'model that labels the game'} wrong? Draw {items} from finished runs, label them by keyboard, and
        get the error rate with a Wilson 95% interval.
      </p>
      <ErrorNote error={sets.error} />
      {(sets.data ?? []).length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Set</th>
              <th scope="col">Runs</th>
              <th scope="col">Method</th>
              <th scope="col">Labelled</th>
              <th scope="col">Annotators</th>
              <th scope="col">Created</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {(sets.data ?? []).map((s) => (
              <tr key={s.id}>
                <td><a href={href.annotationResults(s.id)}>#{s.id} {s.name}</a></td>
                <td>{s.runs.join(', ')}</td>
                <td>{s.method}</td>
                <td><ProgressBar done={s.labelledItems} errors={0} total={s.items} label={`Set ${s.id} labelled`} /></td>
                <td>{s.annotators.join(', ') || '—'}</td>
                <td>{when(s.createdAt)}</td>
                <td>
                  <div className="actions compact">
                    <a className="button" href={href.annotate(s.id)}>Annotate</a>
                    <a className="button" href={href.annotationReview(s.id)}>Review</a>
                    <a className="button" href={href.annotationResults(s.id)}>Results</a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {CAPABILITY_UIS.map((ui) => ui.annotationsSection && <Fragment key={ui.key}>{ui.annotationsSection({ finished, gameOf })}</Fragment>)}

      <h2>New set</h2>
      {runs.data && finished.length === 0 && <p className="notice">No finished episodes yet: <a href={href.newRun()}>start a run</a> first.</p>}
      <form className="form-grid" onSubmit={create} noValidate>
        <fieldset className="field wide">
          <legend>Runs</legend>
          <div className="checks">
            {finished.map((r) => (
              <label key={r.id}>
                <input type="checkbox" checked={chosen.includes(r.id)} onChange={() => setChosen((c) => toggle(c, r.id))} /> #{r.id} {r.name ?? ''} {gameOf(r.game)?.shortTitle} {r.dataset}/{r.subset}
                {r.seats.map((s) => ` · ${s.seat} ${s.player}`).join('')}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="set-method">Sampling</label>
          <select id="set-method" value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
            <option value="random">simple random</option>
            <option value="stratified">stratified</option>
            <option value="episodes">all of chosen episodes</option>
          </select>
        </div>
        {method !== 'episodes' && (
          <div className="field">
            <label htmlFor="set-size">{capital(items)} to draw</label>
            <input id="set-size" inputMode="numeric" value={size} onChange={(e) => setSize(e.target.value)} />
          </div>
        )}
        {method === 'episodes' && (
          <div className="field">
            <label htmlFor="set-episodes">Episode ids</label>
            <input id="set-episodes" value={episodes} onChange={(e) => setEpisodes(e.target.value)} placeholder="e.g. 12, 15, 40" />
          </div>
        )}
        {method === 'stratified' && (
          <>
            <fieldset className="field">
              <legend>Stratify by</legend>
              {strataOf(info).map((s) => (
                <label key={s.key}>
                  <input type="checkbox" checked={strata.includes(s.key)} onChange={() => setStrata((x) => toggle(x, s.key))} /> {s.label}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor="set-allocation">Allocation</label>
              <select id="set-allocation" value={allocation} onChange={(e) => setAllocation(e.target.value as typeof allocation)}>
                <option value="proportional">proportional to stratum size</option>
                <option value="equal">equal per stratum (rare labels)</option>
              </select>
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor="set-seed">Seed</label>
          <input id="set-seed" inputMode="numeric" value={seed} onChange={(e) => setSeed(e.target.value)} placeholder="random, recorded" />
        </div>
        <div className="field">
          <label htmlFor="set-overlap">Items every annotator labels</label>
          <input id="set-overlap" inputMode="numeric" value={overlap} onChange={(e) => setOverlap(e.target.value)} placeholder="all" />
          <small className="hint">With several annotators: the first N items are labelled by each (for agreement), the rest once.</small>
        </div>
        <div className="field">
          <label htmlFor="set-name">Name</label>
          <input id="set-name" value={name} onChange={(e) => setName(e.target.value)} placeholder={chosen.length ? defaultName : 'optional'} />
        </div>
        <div className="estimate" aria-live="polite" data-testid="set-preview">
          {preview.value ? (
            <p>
              {preview.value.size} of {preview.value.available} {items}
              {preview.value.strata.length > 0 && <> · {preview.value.strata.map((s) => `${stratumText(s.key)} (${s.take} of ${s.available})`).join('; ')}</>}
            </p>
          ) : (
            <p className="hint">{chosen.length ? 'Counting…' : 'Choose one or more runs.'}</p>
          )}
          <ErrorNote error={preview.error} />
        </div>
        <ErrorNote error={error} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={!chosen.length || !!preview.error}>Create set and start labelling</button>
        </div>
      </form>
    </section>
  );
}
