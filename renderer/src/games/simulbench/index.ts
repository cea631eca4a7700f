import type { GameViews } from '../types';
import { SimulRound } from './SimulRound';
import { SimulTranscript } from './SimulTranscript';

/** SimulBench, single-answer and pairwise: the script as a chat, the answers, the judge's rating or verdicts. */
export const simulbenchViews: GameViews = { Transcript: SimulTranscript, Round: SimulRound };
