import type { ReactNode } from 'react';
import type { MetricSummary } from '../../../shared/api/contract';
import { metricMeanStd } from '../../../shared/contract/game';

const ARROW = { higher: ' ↑', lower: ' ↓', none: '' } as const;

export const isSeatMetric = (m: MetricSummary) => m.scope === 'seat';

/** Column headers of a metrics table: label, direction arrow, the description on hover. */
export function MetricHeaders({ metrics }: { metrics: readonly MetricSummary[] }) {
  return metrics.map((m) => (
    <th key={m.key} scope="col" className="num" title={m.description}>
      {m.label}
      {ARROW[m.direction]}
    </th>
  ));
}

/** One row's cells of a metrics table: mean ± std per metric (a percentage × 100, as the Benchmark page shows % Played). */
export function MetricCells({ metrics }: { metrics: readonly MetricSummary[] }) {
  return metrics.map((m) => (
    <td key={m.key} className="num" data-metric={m.key}>
      {m.value ? metricMeanStd(m, m.value.mean, m.value.std, m.digits) : '—'}
    </td>
  ));
}

/** A row's own metrics: its seats' (every metric where the game scores no seat, as its episode metrics are the run's). */
export function seatMetricsOf(metrics: readonly MetricSummary[]): readonly MetricSummary[] {
  return metrics.some(isSeatMetric) ? metrics.filter(isSeatMetric) : metrics;
}

export interface MetricRow {
  key: string;
  label: ReactNode;
  metrics: readonly MetricSummary[];
}

/**
 * A run's metrics again per row: per player where several models fill a role (AGE: the seats each
 * model held), or per seat where the game scores seats (the reference game: who aborted, the expression).
 */
export function RowMetricsTable({ rows, header, caption, testId }: { rows: readonly MetricRow[]; header: string; caption: string; testId: string }) {
  const metrics = seatMetricsOf(rows[0]!.metrics);
  return (
    <div className="table-scroll">
      <table className="data metrics" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            <MetricHeaders metrics={metrics} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-row={r.key}>
              <th scope="row">{r.label}</th>
              <MetricCells metrics={seatMetricsOf(r.metrics)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
