/** `datasets.audit`: the suspicious entries of a bundled dataset, or of a user's file that runs have used. */
import type { DatasetAuditSubset } from '../../../shared/api/datasets-views';
import { auditDatasets } from '../analysis/audit-runner';
import { auditInstances, countByKind } from '../analysis/audit';
import { UserError } from '../errors';
import { allGames, gameById } from '../games/registry';
import type { Store } from '../store/store';
import type { HandlerRegistry } from './registry';

export function auditDataset(store: Store, game: string, name: string, subset?: string): DatasetAuditSubset[] {
  const known = allGames();
  if (!known.some((g) => g.id === game)) throw new UserError(`No game "${game}". Known: ${known.map((g) => g.id).join(', ')}.`);
  const g = gameById(game);
  if (g.datasets.bundled().some((d) => d.name === name)) {
    return auditDatasets([g], { game, dataset: name, subset }).map((a) => ({ ...a, counts: countByKind(a.findings) }));
  }
  // A user's file is audited as stored: the file itself may have moved since the run.
  const dataset = store.datasets.list(game).find((d) => d.name === name);
  if (!dataset) throw new UserError(`No dataset "${name}" of ${g.shortTitle} here. Known: ${g.datasets.bundled().map((d) => d.name).join(', ')}, and the files runs have used.`, 'not_found');
  const subsets = subset ? [subset] : dataset.subsets.map((s) => s.subset);
  if (subset && !dataset.subsets.some((s) => s.subset === subset)) {
    throw new UserError(`${game}/${name} has no subset "${subset}". Known: ${dataset.subsets.map((s) => s.subset).join(', ')}.`, 'not_found');
  }
  return subsets.map((s) => {
    const instances = store.datasets.instances(dataset.id, s);
    const findings = auditInstances(instances);
    return { game, dataset: name, subset: s, source: 'stored file', instances: instances.length, findings, counts: countByKind(findings) };
  });
}

export function registerDatasets(registry: HandlerRegistry, store: Store): void {
  registry.handle('datasets.audit', ({ game, name, subset }) => auditDataset(store, game, name, subset));
}
