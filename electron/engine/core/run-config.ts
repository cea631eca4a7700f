/** A run's config as the core checks it; the game checks its own part (see `gameOf` in the registry). */
import { allModels, describeZodError, RunConfigSchema, type RunConfig } from '../../../shared/contract/run';
import { controlProblem } from '../../../shared/text/control';
import { UserError } from '../errors';

export class RunConfigError extends UserError {
  constructor(message: string) {
    super(message, 'bad_request');
    this.name = 'RunConfigError';
  }
}

/** A config as the core checks it (the game checks its settings and roles: see `gameOf`). */
export function parseRunConfig(input: unknown): RunConfig {
  const parsed = RunConfigSchema.safeParse(input);
  if (!parsed.success) throw new RunConfigError(describeZodError(parsed.error, 'run config'));
  return parsed.data;
}

/**
 * A config for a new run (estimated or started): as parseRunConfig, and every name it gives is plain
 * text. Stored configs are read with parseRunConfig alone, so a run stored before still opens.
 */
export function parseNewRunConfig(input: unknown): RunConfig {
  const config = parseRunConfig(input);
  const { dataset } = config;
  const names: [string, string | undefined][] = [
    ['name', config.name],
    ['dataset.name', dataset.name],
    ['dataset.subset', dataset.subset],
    ['dataset.kind', dataset.kind],
    ['dataset.fixed', dataset.fixed],
    ...(dataset.experiments ?? []).map((e, i): [string, string] => [`dataset.experiments.${i}`, e]),
    ...allModels(config.players).map(({ role, member, model }): [string, string] => [`players.${role}${Array.isArray(config.players[role]) ? `.${member}` : ''}.model`, model.model]),
  ];
  const problems = names.flatMap(([path, text]) => (text === undefined ? [] : [controlProblem(text, path)].filter((p) => p !== null)));
  if (problems.length) throw new RunConfigError(`Invalid run config:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return config;
}

/** A config as a run stores it: its seed and repetitions chosen. */
export type StoredRunConfig = RunConfig & { seed: number; repetitions: number };
