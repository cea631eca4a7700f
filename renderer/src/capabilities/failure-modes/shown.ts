/** Where the app links to failure-mode tags: runs with finished games of a game that provides them. */
import type { AnnotationsSlot, RunSlot } from '../types';

export const failureModesShown = ({ run, game }: RunSlot): boolean => run.summary.done > 0 && !!game?.failureModes;

/** The finished runs the annotation page links to, in its order. */
export const taggedRuns = ({ finished, gameOf }: AnnotationsSlot) => finished.filter((r) => gameOf(r.game)?.failureModes);
