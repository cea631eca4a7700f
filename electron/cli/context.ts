import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseModelSpec, type ProviderId } from '../../shared/contract/models';
import { UserError } from '../engine/errors';
import { resolveDbPath } from '../engine/paths';
import { runOwnerAlive } from '../engine/runner/liveness';
import { Store } from '../engine/store/store';

/** A user-facing failure: printed without a stack trace, exit code 2. */
export class CliError extends UserError {
  constructor(message: string) {
    super(message, 'bad_request');
    this.name = 'CliError';
  }
}

/**
 * Opens the database and marks runs whose process has died as interrupted. Commands that only read
 * (`create: false`) refuse a missing or empty file instead of creating a database.
 */
export function openStore(db: string | undefined, options: { create?: boolean } = {}): Store {
  const path = resolveDbPath(db);
  const store = Store.open(path, {
    mustExist: options.create === false,
    onUpgrade: (from, to) => process.stderr.write(`parlor: upgrading ${path} from schema version ${from} to ${to}, once (a large file takes a few minutes)…\n`),
  });
  // A file that cannot be written here is read as it is: a run whose process died still shows `running`.
  try {
    if (!store.readOnly) store.runs.reconcileInterrupted((run) => runOwnerAlive(run));
  } catch (error) {
    store.close();
    throw error;
  }
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

/** Checks that a file can be written there before any work is done (a missing folder is a typo). */
export function checkOutput(path: string): string {
  const full = resolve(path);
  const folder = dirname(full);
  if (!existsSync(folder)) throw new CliError(`Cannot write ${full}: the folder ${folder} does not exist.`);
  if (!statSync(folder).isDirectory()) throw new CliError(`Cannot write ${full}: ${folder} is not a folder.`);
  if (existsSync(full) && statSync(full).isDirectory()) throw new CliError(`Cannot write ${full}: it is a folder; give a file name.`);
  return full;
}

/** `key=value` settings: the value is JSON when it parses (numbers, booleans, objects), else text. */
export function parseSettingFlags(flags: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq < 1) throw new CliError(`--set takes key=value (e.g. --set maxTurns=30), not "${flag}".`);
    const path = flag.slice(0, eq).trim().split('.');
    const raw = flag.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      /* plain text */
    }
    let target = out;
    for (const key of path.slice(0, -1)) target = (target[key] = typeof target[key] === 'object' && target[key] !== null ? target[key] : {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return out;
}
