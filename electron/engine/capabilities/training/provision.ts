/**
 * What a game offers for training models on its games (EDA: behaviour cloning and RL from game play):
 * a seat's view of a finished game as a chat, and per-turn rewards under a rule. The capability
 * writes them as JSONL lines (`shared/contract/training.ts`) and keeps held-out splits out unless asked.
 */
import type { TrainingMessage, TurnReward } from '../../../../shared/contract/training';
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';

export interface TrainingHooks<S = unknown> {
  /** The seat whose view is exported. */
  readonly seat: string;
  /** Subsets held out for evaluation: exporting their games for training needs an explicit flag. */
  readonly heldOut: readonly string[];
  /** The conversation as the seat saw it, ending with its last reply. */
  dialogue(events: readonly EventRecord[], settings: S, datasetKind: string): TrainingMessage[];
  /** The reward rule with the defaults filled in (the paper's, and the run's settings); refuses a bad one. */
  rewardRule(input: unknown, settings: S): Record<string, number>;
  /** Pure: a reward per turn of a finished episode under the rule. */
  rewards(events: readonly EventRecord[], rule: Record<string, number>): TurnReward[];
}

declare module '../../core/capability' {
  interface Provisions<S> {
    training: TrainingHooks<S>;
  }
}

export const trainingCheck: CapabilityCheck<'training'> = {
  key: 'training',
  problems(hooks, game) {
    const problems: string[] = [];
    if (typeof hooks.seat !== 'string' || !hooks.seat) problems.push('seat must name the seat whose view is exported');
    if (!Array.isArray(hooks.heldOut)) problems.push('heldOut must list the subsets held out for evaluation (empty when none is)');
    else {
      const subsets = new Set(game.datasets.bundled().flatMap((d) => d.subsets));
      for (const subset of hooks.heldOut) if (!subsets.has(subset)) problems.push(`heldOut names "${subset}", which no bundled dataset of the game has`);
    }
    for (const name of ['dialogue', 'rewardRule', 'rewards'] as const) if (typeof hooks[name] !== 'function') problems.push(`${name} must be a function`);
    return problems;
  },
  info: { field: 'training', of: (hooks) => ({ seat: hooks.seat, heldOut: [...hooks.heldOut] }) },
};
