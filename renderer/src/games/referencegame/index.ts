import type { GameViews } from '../types';
import { RefRound, RefTranscript } from './RefTranscript';

/** The reference game's views: grids side by side in monospace, the two replies, the verdict. */
export const referencegameViews: GameViews = { Transcript: RefTranscript, Round: RefRound };
