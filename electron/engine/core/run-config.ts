/** A run's config as the core checks it; the game checks its own part (see `gameOf` in the registry). */
import { describeZodError, RunConfigSchema, type RunConfig } from '../../../shared/contract/run';
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
