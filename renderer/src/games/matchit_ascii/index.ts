import type { GameViews } from '../types';
import { MatchItRound, MatchItTranscript } from './MatchItTranscript';

/** MatchIt ASCII's views: both grids and the dialogue by round; a round's replies side by side. */
export const matchitAsciiViews: GameViews = { Transcript: MatchItTranscript, Round: MatchItRound };
