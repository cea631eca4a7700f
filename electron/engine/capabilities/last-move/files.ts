/** The X → Y matrix as files: one CSV row per cell, or one LaTeX table per dataset (Table 6). */
import type { SwapMatrixView } from '../../../../shared/api/capabilities/last-move';
import { bracketed } from '../../../../shared/text/interval';
import { toCsv } from '../../io/csv';
import { toLatex } from '../../io/latex';

export function swapMatrixCsv(view: SwapMatrixView): string {
  const rows = view.datasets.flatMap((d) =>
    d.cells.map((c) => ({ dataset: d.dataset, trajectory: c.from, last_turn: c.to, metric: view.metric.key, n: c.n, mean: c.mean, ci_low: c.low ?? '', ci_high: c.high ?? '', runs: c.runIds.join(' ') })),
  );
  return toCsv(rows);
}

/** Rows: whose trajectory (X); columns: who took the last turn (Y); each cell mean [95% CI]; the best of each row in bold. */
export function swapMatrixLatex(view: SwapMatrixView): string {
  const digits = view.metric.digits;
  return view.datasets
    .map((d) => {
      const rows = d.from.map((x) => {
        const cells = d.to.map((y) => d.cells.find((c) => c.from === x && c.to === y));
        const best = Math.max(...cells.map((c) => (c && c.n ? c.mean : -Infinity)));
        return [
          { text: x },
          ...cells.map((c) => ({ text: !c || !c.n ? '–' : bracketed(c.mean, c.low, c.high, digits), bold: !!c && c.n > 0 && c.mean === best && d.to.length > 1 })),
        ];
      });
      return toLatex({
        caption: `Ablation on planning and reasoning (${d.dataset}): ${view.metric.label} when the ${view.seat} of the row's games is swapped for the column's model in the last turn (X → Y).`,
        label: `tab:last-turn-${d.dataset}`,
        note: 'Mean over episodes with its 95% t interval; X → X are the original games; best of each row in bold.',
        columns: [{ header: 'Trajectory X / last turn Y', align: 'l' }, ...d.to.map((y) => ({ header: y, align: 'r' as const }))],
        rows,
      });
    })
    .join('\n');
}
