/** When the run page shows the training export: a run with finished games, of a game that provides training. */
import type { RunSlot } from '../types';

export const trainingShown = ({ run, game }: RunSlot): boolean => run.summary.done > 0 && !!game?.training;
