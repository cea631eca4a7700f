import type { GameViews } from '../types';
import { EdaPlay } from './EdaPlay';
import { EdaRound, EdaTranscript } from './EdaTranscript';

/** EDA's views: the dialogue as a chat, a turn in side-by-side columns, the guesser's Play page. */
export const edaViews: GameViews = { Transcript: EdaTranscript, Round: EdaRound, Play: { guesser: EdaPlay } };
