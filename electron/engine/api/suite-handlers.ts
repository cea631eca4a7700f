/** The benchmark suites (clembench's clemscore table) over the API: the list, the table, its files. */
import type { ExportFile } from '../../../shared/api/views';
import { suiteTable, type SuiteOptions } from '../analysis/suite';
import { allSuites } from '../games/registry';
import { toCsv } from '../io/csv';
import { suiteCsvRows, suiteLatex } from '../io/suite';
import type { Store } from '../store/store';
import type { HandlerRegistry } from './registry';

export function suiteFile(store: Store, suite: string, format: 'csv' | 'latex', options: SuiteOptions): ExportFile {
  const view = suiteTable(store, suite, options);
  const name = `${suite}${options.grouped ? '-grouped' : ''}`;
  return format === 'csv' ? { filename: `${name}.csv`, mime: 'text/csv', content: toCsv(suiteCsvRows(view)) } : { filename: `${name}.tex`, mime: 'application/x-tex', content: suiteLatex(view) };
}

export function registerSuites(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('suite.list', () =>
      allSuites().map((s) => ({ id: s.id, title: s.title, description: s.description, games: [...s.games], groups: Object.entries(s.groups ?? {}).map(([id, g]) => ({ id, label: g.label, games: [...g.games] })) })),
    )
    .handle('suite.table', ({ suite, grouped, datasets }) => suiteTable(store, suite, { grouped, datasets }))
    .handle('suite.export', ({ suite, grouped, datasets, format }) => suiteFile(store, suite, format, { grouped, datasets }));
}
