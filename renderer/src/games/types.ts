import type { ComponentType } from 'react';
import type { HumanGameState, TranscriptView } from '../../../shared/api/contract';

/** What a person's move on the Play page does: a reply, a hint, or giving up. */
export type PlayAction = { say: string } | 'hint' | 'abandon';

export interface PlayProps {
  state: HumanGameState;
  act: (action: PlayAction) => Promise<void>;
  onAgain: () => void;
}

/** What a game adds to the views; whatever it leaves out, the generic components show. */
export interface GameViews {
  /** The episode's record, read as the game's own dialogue. */
  Transcript?: ComponentType<{ view: TranscriptView }>;
  /** One round of an episode in a side-by-side column. */
  Round?: ComponentType<{ view: TranscriptView; round: number }>;
  /** The Play page for a person in one of its seats. */
  Play?: Partial<Record<string, ComponentType<PlayProps>>>;
}
