import { parseModelSpec, type ProviderId } from '../../shared/contract/models';
import { resolveDbPath } from '../engine/paths';
import { runOwnerAlive } from '../engine/runner/liveness';
import { Store } from '../engine/store/store';

/** A user-facing failure: printed without a stack trace, exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Opens the database and marks runs whose process has died as interrupted. */
export function openStore(db: string | undefined): Store {
  const store = Store.open(resolveDbPath(db));
  store.reconcileInterrupted((run) => runOwnerAlive(run));
  return store;
}

export function parseId(text: string, what: string): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) throw new CliError(`${what} must be a positive whole number, not "${text}".`);
  return id;
}

/** `provider:model` from the command line; a bad spec is a user error. */
export function modelSpec(spec: string): { provider: ProviderId; model: string } {
  try {
    return parseModelSpec(spec);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}
