/** `datasets.audit`: the suspicious entries of a bundled dataset, or of a user's file that runs have used. */
import type { DatasetAuditSubset, FixedSubsetView } from '../../../shared/api/datasets-views';
import type { FixedSubset } from '../core/fixed-subsets';
import type { Game } from '../core/game';
import { defineFixed, fixedSubsetsOf } from '../runner/fixed-subsets';
import { auditDatasets } from '../analysis/audit-runner';
import { auditInstances, countByKind } from '../analysis/audit';
import { UserError } from '../errors';
import { allGames, gameById } from '../games/registry';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

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

/** A fixed subset as the views show it: its instances by name, in the split's order. */
function fixedView(game: Game<unknown>, fixed: FixedSubset): FixedSubsetView {
  const names = new Map(game.datasets.load({ name: fixed.dataset, subset: fixed.subset }).instances.map((i) => [i.key, i.name]));
  return {
    name: fixed.name, game: fixed.game, dataset: fixed.dataset, subset: fixed.subset, size: fixed.size, seed: fixed.seed, note: fixed.note ?? null,
    origin: fixed.origin, instances: fixed.keys.map((key) => ({ key, name: names.get(key) ?? key })),
  };
}

export function registerDatasets(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('datasets.audit', ({ game, name, subset }) => auditDataset(store, game, name, subset))
    .handle('subsets.list', ({ game }) => {
      const g = gameById(game);
      return fixedSubsetsOf(store, g).map((f) => fixedView(g, f));
    })
    .handle('subsets.create', ({ game, name, dataset, subset, size, seed, note }) => {
      const g = gameById(game);
      return fixedView(g, defineFixed(store, g, { name, dataset, subset, size, seed, ...(note ? { note } : {}) }));
    })
    .handle('subsets.remove', ({ name }) => {
      store.fixedSubsets.remove(name);
      return { removed: true };
    });
}
