/**
 * EDA with one capability taken away, as deleting `games/eda/capabilities/<key>.ts` would: a copy of
 * the game under another id, registered with every capability EDA provides but that one, and a run of
 * it played by the scripted players (`eda-scripted.ts`, probing on), beside the same run of EDA itself.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiInput, ApiMethod, ApiReply } from '../../shared/api/contract';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { ModelFactory } from '../../electron/engine/players/factory';
import { capabilitiesOf, capabilityOf, provide, type CapabilityKey, type Provision } from '../../electron/engine/core/capability';
import type { Game } from '../../electron/engine/core/game';
import { allGames, gameById, registerGame } from '../../electron/engine/games/registry';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { apiCaller, type ApiCall } from './api';
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

/** One database holding a scripted run of EDA (`own`) and one of its copy without `key` (`without`), with the API over it. */
export interface EdaWithout {
  service: ApiService;
  store: Store;
  db: string;
  /** The copy's game id. */
  bare: string;
  own: number;
  without: number;
  /** The API's reply as it is, for the refusals. */
  reply<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiReply<M>>;
  call: ApiCall;
}

/** Plays the scripted run on EDA and on its copy without `key`, in a fresh database with the API service over it. */
export async function edaWithoutFixture(key: CapabilityKey, options: { createModel?: ModelFactory } = {}): Promise<EdaWithout> {
  const dir = mkdtempSync(join(tmpdir(), `parlor-${key}-provision-`));
  const db = join(dir, 'p.db');
  const store = Store.open(db);
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {}, ...(options.createModel ? { createModel: options.createModel } : {}) });
  const bare = edaWithout(key);
  const own = await playScriptedOn(store, dir, 'eda');
  const without = await playScriptedOn(store, dir, bare);
  const reply = <M extends ApiMethod>(method: M, input: ApiInput<M>) => service.registry.dispatch(method, input) as Promise<ApiReply<M>>;
  return { service, store, db, bare, own, without, reply, call: apiCaller(service) };
}
