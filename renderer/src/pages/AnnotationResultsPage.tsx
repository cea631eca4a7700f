import { useState } from 'react';
import type { AnnotationResultsView } from '../../../shared/api/contract';
import { formatEstimate } from '../../../shared/contract/annotation';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { download } from '../download';
import { counted } from '../format';
import { href } from '../links';
import { AnnotationCalibration } from './AnnotationCalibration';
import { AnnotationDisagreements } from './AnnotationDisagreements';
import { AnnotatorsProgress } from './AnnotationSidePanel';
import { ApplyAnnotations } from './ApplyAnnotations';
import { fixedOr, percentNumber } from '../../../shared/text/number';
import { stratumText } from '../../../shared/text/words';

/** The breakdowns, named in the game's words (EDA: by judge answer, dataset, judge model, category). */
const groupsOf = (r: AnnotationResultsView): { key: keyof AnnotationResultsView['by']; title: string }[] => [
  { key: 'label', title: `By ${r.info.producer} ${r.info.labelNoun}` },
  { key: 'dataset', title: 'By dataset' },
  { key: 'model', title: `By ${r.info.producer} model` },
  { key: 'tag', title: `By ${r.info.groups.tag}` },
];

/** The error rate of a game's labels with its interval, breakdowns, confusion, agreement and the effect on the scores. */
export function AnnotationResultsPage({ setId }: { setId: number }) {
  const api = useApi();
  const results = useQuery('annotations.results', { setId });
  const everyone = useQuery('annotations.progress', { setId });
  const [error, setError] = useState<string | null>(null);
  if (results.error && !results.data) return <ErrorNote error={results.error} />;
  if (!results.data) return <p aria-busy="true">Computing…</p>;
  const r = results.data;
  const save = (what: 'labels' | 'results' | 'calibration', format: 'csv' | 'jsonl') =>
    api.call('annotations.export', { setId, what, format }).then(download, (e: Error) => setError(e.message));
  const max = Math.max(1, ...r.confusion.counts.flat());

  return (
    <section aria-labelledby="results-title">
      <p className="breadcrumb"><a href={href.annotations()}>← Annotation sets</a></p>
      <header className="page-header">
        <h1 id="results-title">#{r.set.id} {r.set.name}</h1>
        <div className="actions">
          <a className="button primary" href={href.annotate(setId)}>Annotate</a>
          <a className="button" href={href.annotationReview(setId)}>Review disagreements</a>
          <button type="button" onClick={() => save('labels', 'csv')}>Labels CSV</button>
          <button type="button" onClick={() => save('labels', 'jsonl')}>Labels JSONL</button>
          <button type="button" onClick={() => save('results', 'csv')}>Results CSV</button>
          {r.calibration && <button type="button" onClick={() => save('calibration', 'csv')}>Calibration CSV</button>}
          {r.info.apply && <ApplyAnnotations setId={setId} apply={r.info.apply} onApplied={results.reload} />}
        </div>
      </header>
      <ErrorNote error={error} />
      <p className="meta">
        runs {r.set.runs.join(', ')} · {r.set.method} sample, seed {r.set.seed} · annotators: {r.set.annotators.join(', ') || 'none yet'}
      </p>
      <ProgressBar done={r.set.labelledItems} errors={0} total={r.set.items} label="Items labelled" />
      <h2>Annotators</h2>
      <AnnotatorsProgress rows={everyone.data ?? []} />

      <h2>{r.info.producer.charAt(0).toUpperCase() + r.info.producer.slice(1)} error rate</h2>
      <p className="big-number" data-testid="error-rate" data-weighting={r.overall.weighting}>{formatEstimate(r.overall)}</p>
      <p className="meta" data-testid="weighting">{r.weighting.note}</p>
      <p className="meta">
        Over {counted(r.judged, 'item')} with a correct {r.info.labelNoun}; {r.ambiguous} ambiguous, {r.ties} with annotators split evenly and{' '}
        {r.unlabelled} not yet labelled are left out. With several annotators an item's correct {r.info.labelNoun} is their majority, or a third
        person's ruling where one was given.
      </p>
      <p className="meta" data-testid="adjudicated">
        {r.adjudication
          ? `${counted(r.adjudication.items, 'item')} adjudicated: a ruling decided ${r.adjudication.items === 1 ? 'it' : 'them'} (marked in the disagreements below).`
          : 'No item adjudicated yet.'}{' '}
        {r.disagreements.some((d) => !d.ruling) && <a href={href.annotationReview(setId)}>Rule on the disagreements.</a>}
      </p>
      {r.strata.length > 0 && (
        <>
          <h3>Strata</h3>
          <table className="data" data-testid="strata">
            <thead><tr><th scope="col">stratum</th><th scope="col" className="num">events when drawn</th><th scope="col" className="num">drawn</th><th scope="col" className="num">judged</th><th scope="col" className="num">wrong</th><th scope="col" className="num">in the sample</th></tr></thead>
            <tbody>
              {r.strata.map((s) => (
                <tr key={s.key}><td>{stratumText(s.key)}</td><td className="num">{s.population}</td><td className="num">{s.drawn}</td><td className="num">{s.judged}</td><td className="num">{s.wrong}</td><td className="num">{s.rate === null ? '—' : `${percentNumber(s.rate, 2)}%`}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {groupsOf(r).map(({ key, title }) =>
        r.by[key].length > 1 || key === 'label' ? (
          <div key={key}>
            <h3>{title}</h3>
            <table className="data">
              <thead><tr><th scope="col">{title.replace('By ', '')}</th><th scope="col">error rate</th></tr></thead>
              <tbody>
                {r.by[key].map((g) => (
                  <tr key={g.key}><td>{g.key}</td><td>{formatEstimate(g)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null,
      )}

      <h2>Confusion</h2>
      <table className="data confusion" aria-label={`${r.info.producer} ${r.info.labelNoun} by correct ${r.info.labelNoun}`}>
        <thead>
          <tr>
            <th scope="col">{r.info.producer} said ↓ · correct →</th>
            {r.confusion.gold.map((g) => <th key={g} scope="col" className="num">{g}</th>)}
          </tr>
        </thead>
        <tbody>
          {r.confusion.produced.map((j, i) => (
            <tr key={j}>
              <th scope="row">{j}</th>
              {r.confusion.counts[i]!.map((c, k) => (
                <td key={k} className="heat" style={{ backgroundColor: c ? `color-mix(in srgb, var(--accent) ${Math.round((70 * c) / max)}%, transparent)` : undefined }}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Agreement</h2>
      {r.agreement.method ? (
        <p data-testid="agreement">
          {r.agreement.method === 'cohen' ? "Cohen's" : "Fleiss'"} κ = {fixedOr(r.agreement.kappa?.kappa, 3, 'undefined')} over {r.agreement.sharedItems} items
          labelled by all of {r.agreement.annotators.join(', ')} (observed agreement {fixedOr(r.agreement.kappa?.observed, 3, '—')}).
        </p>
      ) : (
        <p className="meta">{r.agreement.note}</p>
      )}

      <AnnotationDisagreements items={r.disagreements} info={r.info} />

      {r.calibration && <AnnotationCalibration view={r.calibration} info={r.info} />}

      <h2>Effect on the scores</h2>
      {r.scoreEffect.episodes ? (
        r.scoreEffect.metrics.map((m) => (
          <p key={m.key}>
            {m.label} over {r.scoreEffect.episodes === 1 ? 'the annotated episode' : `the ${r.scoreEffect.episodes} annotated episodes`}: {fixedOr(m.asPlayed, 2, '—')} as played →{' '}
            {fixedOr(m.corrected, 2, '—')} with corrected {r.info.labelNoun}s ({counted(r.scoreEffect.changed, r.info.labelNoun)} changed).
          </p>
        ))
      ) : (
        <p className="meta">No finished episode has a judged item yet.</p>
      )}
      <p className="meta">{r.scoreEffect.note}</p>
    </section>
  );
}
