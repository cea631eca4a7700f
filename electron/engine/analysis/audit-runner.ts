/** Loads the subsets to audit through each game's own loader and audits them. */
import type { DatasetRef, Game } from '../core/game';
import { UserError } from '../errors';
import { auditInstances, type AuditFinding, type AuditOptions } from './audit';

export interface AuditTarget {
  game?: string;
  dataset?: string;
  subset?: string;
  file?: string;
}

export interface SubsetAudit {
  game: string;
  dataset: string;
  subset: string;
  source: string;
  instances: number;
  findings: AuditFinding[];
}

/** Every bundled subset of every chosen game, or one user's file read by the chosen game's loader. */
export function auditDatasets(games: readonly Game<unknown>[], target: AuditTarget, options: AuditOptions = {}): SubsetAudit[] {
  const chosen = target.game ? games.filter((g) => g.id === target.game) : games;
  if (chosen.length === 0) throw new UserError(`No game "${target.game}". Known: ${games.map((g) => g.id).join(', ')}.`);
  if (target.file && chosen.length !== 1) throw new UserError('--dataset-file needs --game: the game whose loader reads the file.');
  return chosen.flatMap((game) => refsOf(game, target).map((ref) => auditOne(game, ref, options)));
}

function refsOf(game: Game<unknown>, target: AuditTarget): DatasetRef[] {
  const bundled = game.datasets.bundled();
  if (target.file) return [{ name: target.dataset ?? bundled[0]?.name ?? 'file', subset: target.subset, file: target.file }];
  const sets = target.dataset ? bundled.filter((d) => d.name === target.dataset) : bundled;
  if (target.dataset && sets.length === 0) throw new UserError(`${game.id} has no dataset "${target.dataset}". Known: ${bundled.map((d) => d.name).join(', ')}.`);
  return sets.flatMap((d) => {
    const subsets = target.subset ? d.subsets.filter((s) => s === target.subset) : d.subsets;
    if (target.subset && subsets.length === 0) throw new UserError(`${game.id}/${d.name} has no split "${target.subset}". Known: ${d.subsets.join(', ')}.`);
    return subsets.map((subset) => ({ name: d.name, subset }));
  });
}

function auditOne(game: Game<unknown>, ref: DatasetRef, options: AuditOptions): SubsetAudit {
  const loaded = game.datasets.load(ref);
  return { game: game.id, dataset: loaded.name, subset: loaded.subset, source: loaded.source, instances: loaded.instances.length, findings: auditInstances(loaded.instances, options) };
}
