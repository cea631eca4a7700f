/**
 * EDA with one capability taken away, as deleting `games/eda/capabilities/<key>.ts` would: a copy of
 * the game under another id, registered with every capability EDA provides but that one, and a run of
 * it played by the scripted players (`eda-scripted.ts`, probing on), beside the same run of EDA itself.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capabilitiesOf, capabilityOf, provide, type CapabilityKey, type Provision } from '../../electron/engine/core/capability';
import type { Game } from '../../electron/engine/core/game';
import { allGames, gameById, registerGame } from '../../electron/engine/games/registry';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { INSTRUMENTS, SCRIPTED_PLAYERS, scriptedEdaFactory } from './eda-scripted';

/** The id of EDA's copy without `key` (registered once per process). */
export function edaWithout(key: CapabilityKey): string {
  const id = `eda_no_${key.replace(/-/g, '_')}`;
  if (allGames().some((g) => g.id === id)) return id;
  const eda = gameById('eda');
  const copy: Game<unknown> = { ...eda, id };
  const provisions: Provision[] = capabilitiesOf(eda)
    .filter((k) => k !== key)
    .map((k) => provide(copy, k, capabilityOf(eda, k)!));
  registerGame(copy, provisions);
  return id;
}

/** Plays the scripted instruments once on `game` (probing on); returns the run id. */
export async function playScriptedOn(store: Store, dir: string, game: string): Promise<number> {
  const file = join(dir, 'instruments.txt');
  writeFileSync(file, `${INSTRUMENTS.join('\n')}\n`);
  const createModel = scriptedEdaFactory();
  const config = { game, dataset: { name: 'instruments', file, kind: 'things', subset: 'train' }, repetitions: 1, seed: 8, preflight: false, players: SCRIPTED_PLAYERS, settings: { probe: { enabled: true } } };
  const { runId } = await prepareRun(store, config, { createModel });
  await executeRun(store, runId, { createModel });
  return runId;
}
