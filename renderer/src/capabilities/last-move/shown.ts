/** When the run page shows the last-turn panel: a run with finished games, of a game that provides last-move swaps. */
import type { RunSlot } from '../types';

export const lastTurnShown = ({ run, game }: RunSlot): boolean => run.summary.done > 0 && !!game?.lastMove;
