/** When the run page shows the probes button: a run with stored probes, of a game that provides probing. */
import type { RunSlot } from '../types';

export const probesShown = ({ run, game }: RunSlot): boolean => run.probes > 0 && !!game?.probing;
