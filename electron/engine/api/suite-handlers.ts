/** The benchmark suites (clembench's clemscore table) and their comparisons (text vs images) over the API: the lists, the tables, their files. */
import type { ExportFile } from '../../../shared/api/views';
import { comparisonTable, type ComparisonOptions } from '../analysis/compare';
import { suiteTable, type SuiteOptions } from '../analysis/suite';
import { pairId } from '../core/comparison';
import { allComparisons, allSuites } from '../games/registry';
import { comparisonCsv, comparisonLatex } from '../io/compare';
import { toCsv } from '../io/csv';
import { suiteCsvRows, suiteLatex } from '../io/suite';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

export function suiteFile(store: Store, suite: string, format: 'csv' | 'latex', options: SuiteOptions): ExportFile {
  const view = suiteTable(store, suite, options);
  const name = `${suite}${options.grouped ? '-grouped' : ''}`;
  return format === 'csv' ? { filename: `${name}.csv`, mime: 'text/csv', content: toCsv(suiteCsvRows(view)) } : { filename: `${name}.tex`, mime: 'application/x-tex', content: suiteLatex(view) };
}

export function comparisonFile(store: Store, comparison: string, format: 'csv' | 'latex', options: ComparisonOptions = {}): ExportFile {
  const view = comparisonTable(store, comparison, options);
  return format === 'csv' ? { filename: `${comparison}.csv`, mime: 'text/csv', content: comparisonCsv(view) } : { filename: `${comparison}.tex`, mime: 'application/x-tex', content: comparisonLatex(view) };
}

export function registerSuites(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('suite.list', () =>
      allSuites().map((s) => ({ id: s.id, title: s.title, description: s.description, games: [...s.games], groups: Object.entries(s.groups ?? {}).map(([id, g]) => ({ id, label: g.label, games: [...g.games] })) })),
    )
    .handle('suite.table', ({ suite, grouped, datasets }) => suiteTable(store, suite, { grouped, datasets }))
    .handle('suite.export', ({ suite, grouped, datasets, format }) => suiteFile(store, suite, format, { grouped, datasets }))
    .handle('comparison.list', () =>
      allComparisons().map((c) => ({ id: c.id, title: c.title, description: c.description, sides: c.sides.map((s) => ({ suite: s.suite, label: s.label })), pairs: c.pairs.map((p) => ({ id: pairId(p), label: p.label, ids: [...p.ids] })) })),
    )
    .handle('comparison.table', ({ comparison, datasets }) => comparisonTable(store, comparison, { datasets }))
    .handle('comparison.export', ({ comparison, datasets, format }) => comparisonFile(store, comparison, format, { datasets }));
}
