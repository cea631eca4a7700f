import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseModelSpec, type ProviderId } from '../../shared/contract/models';
import { controlProblem, type TextKind } from '../../shared/text/control';
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

/** `provider:model` from the command line; a bad spec, or a model id holding a control character, is a user error. */
export function modelSpec(spec: string): { provider: ProviderId; model: string } {
  let parsed: { provider: ProviderId; model: string };
  try {
    parsed = parseModelSpec(spec);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  plainFlag(parsed.model, 'The model id');
  return parsed;
}

/** A name or note given on the command line, refused if it holds a control character (see shared/text/control.ts). */
export function plainFlag(text: string, what: string, kind: TextKind = 'name'): string {
  const problem = controlProblem(text, what, kind);
  if (problem) throw new CliError(`${problem}.`);
  return text;
}

/** `--limit 10`: a whole number of at least 1. */
export function positiveWhole(text: string, flag: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new CliError(`${flag} must be a whole number of at least 1 (e.g. 10), not "${text}".`);
  return n;
}

/** `--dataset` names a bundled dataset and `--dataset-file` gives your own: one or the other. */
export function refuseBothDatasets(flags: { dataset?: string; datasetFile?: string }): void {
  if (flags.dataset !== undefined && flags.datasetFile !== undefined) {
    throw new CliError(`--dataset ${flags.dataset} and --dataset-file ${flags.datasetFile} contradict each other: --dataset names a bundled dataset, --dataset-file reads your own; give one.`);
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

/**
 * Keys that reach an object's prototype when assigned (`--set __proto__.x=1` would give every object in
 * the process an `x`): refused wherever settings are built from keys a user types.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function refusePrototypeKey(key: string, where: string): void {
  if (PROTOTYPE_KEYS.has(key)) throw new CliError(`${where}: "${key}" cannot be a setting's name (it would change every object's prototype); no game has such a setting.`);
}

/** `key=value` settings (`flag`: the option they came from): the value is JSON when it parses (numbers, booleans, objects), else text. */
export function parseSettingFlags(flags: readonly string[] = [], flag = '--set'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const given of flags) {
    const eq = given.indexOf('=');
    if (eq < 1) throw new CliError(`${flag} takes key=value${flag === '--set' ? ' (e.g. --set maxTurns=30)' : ''}, not "${given}".`);
    const path = given.slice(0, eq).trim().split('.');
    if (path.some((key) => key === '')) throw new CliError(`${flag} ${given}: a name has an empty part between dots (write e.g. --set probe.enabled=true).`);
    for (const key of path) refusePrototypeKey(key, `${flag} ${given}`);
    const raw = given.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      /* plain text */
    }
    let target = out;
    for (const key of path.slice(0, -1)) {
      const inner = Object.hasOwn(target, key) ? target[key] : undefined;
      target = (target[key] = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : {}) as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return out;
}
