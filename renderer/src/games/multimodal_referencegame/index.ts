import type { GameViews } from '../types';
import { MmRefRound } from './MmRefRound';
import { MmRefTranscript } from './MmRefTranscript';

/** The multimodal reference game's views: each player's three images, the two replies, the verdict; a side-by-side cell shows the describer's images before the text game's reading. */
export const multimodalReferencegameViews: GameViews = { Transcript: MmRefTranscript, Round: MmRefRound };
