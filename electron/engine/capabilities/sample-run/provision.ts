/**
 * A sample run: the game a new user can play at once, with no model and no key, because a built-in
 * player sits in every role. The Runs page offers the first game that provides it; the game says how
 * many instances of each experiment make a quick first look.
 */
import type { CapabilityCheck } from '../../core/capability';

export interface SampleRun {
  /** Instances played of each experiment: enough to see every kind of game, few enough to finish in seconds. */
  readonly perExperiment: number;
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a sample run needs none
  interface Provisions<S> {
    'sample-run': SampleRun;
  }
}

export const sampleRunCheck: CapabilityCheck<'sample-run'> = {
  key: 'sample-run',
  problems(value, game, provided) {
    const problems: string[] = [];
    if (!Number.isInteger(value?.perExperiment) || value.perExperiment < 1) problems.push('sample-run.perExperiment must be a whole number of at least 1');
    const builtins = provided('builtins');
    const missing = game.roles.filter((r) => !builtins || !(r.id in builtins)).map((r) => r.id);
    if (missing.length) problems.push(`a sample run is played by built-in players, and the game has none for: ${missing.join(', ')}`);
    return problems;
  },
  info: { field: 'sampleRun', of: (value) => ({ perExperiment: value.perExperiment }) },
};
