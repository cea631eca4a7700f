import type { AnnotationCalibrationView, AnnotationInfo, CalibrationAgreementView } from '../../../shared/api/contract';
import { formatEstimate } from '../../../shared/api/calibration-views';

function AgreementTable({ title, first, rows, ordinal }: { title: string; first: string; rows: readonly CalibrationAgreementView[]; ordinal: boolean }) {
  return (
    <table className="data" aria-label={title}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{ordinal ? 'weighted κ (quadratic)' : "Cohen's κ"}</th>
          {ordinal && <th scope="col">Spearman ρ</th>}
          {ordinal && <th scope="col">bias</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.key}</td>
            <td>{formatEstimate(r.kappa)}</td>
            {ordinal && <td>{formatEstimate(r.spearman!)}</td>}
            {ordinal && <td>{formatEstimate(r.bias!, 2)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How the game's labels agree with people's (a rating model's calibration): per model, per annotator, between annotators, and the producer's own metrics. */
export function AnnotationCalibration({ view, info }: { view: AnnotationCalibrationView; info: AnnotationInfo }) {
  const ordinal = view.scale === 'ordinal';
  const producer = info.producer;
  const models = view.byModel.length === 1 ? view.byModel : [view.overall, ...view.byModel];
  return (
    <div data-testid="calibration">
      <h2>Calibration</h2>
      <p className="meta">
        The {producer}'s {info.labelNoun}s against the annotators'{ordinal ? `; bias is the ${producer}'s ${info.labelNoun} minus theirs (above 0: the ${producer} is more generous)` : ''}.
      </p>
      <AgreementTable title={`By ${producer} model`} first={`${producer} model`} rows={models} ordinal={ordinal} />
      {view.byAnnotator.length > 1 && (
        <>
          <h3>{producer.charAt(0).toUpperCase() + producer.slice(1)} against each annotator</h3>
          <AgreementTable title="By annotator" first="annotator" rows={view.byAnnotator} ordinal={ordinal} />
        </>
      )}
      {view.annotators.length > 0 && (
        <>
          <h3>Annotators against each other</h3>
          <AgreementTable title="Between annotators" first="annotators" rows={view.annotators} ordinal={ordinal} />
        </>
      )}
      {view.producerMetrics.map((m) => (
        <div key={m.key}>
          <h3>{m.label} by {producer} model</h3>
          <table className="data" aria-label={`${m.label} by ${producer} model`}>
            <thead><tr><th scope="col">{producer} model</th><th scope="col">{m.label}</th></tr></thead>
            <tbody>
              {m.by.map((b) => <tr key={b.key}><td>{b.key}</td><td>{formatEstimate(b)}</td></tr>)}
            </tbody>
          </table>
          <p className="meta">Over every finished episode of the set's runs, annotated or not.</p>
        </div>
      ))}
      <p className="meta">{view.method}</p>
    </div>
  );
}
