import type { GameViews } from '../types';
import { AgeRound } from './AgeRound';
import { AgeTranscript } from './AgeTranscript';

/** Who Is Spy (AGE): the seats by group, each utterance's description and guess, leaks and first correct guesses marked. */
export const ageViews: GameViews = { Transcript: AgeTranscript, Round: AgeRound };
