/**
 * Marks: what helps reading a game's episodes side by side (EDA: the first Yes, the winning turn,
 * repeated questions), shown on transcripts. A game provides a pure function of an episode's events.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';

export interface RoundMark {
  round: number;
  marks: string[];
  /** The earlier round this one repeats, if any. */
  repeatOf: number | null;
}

export type MarksHook = (events: readonly EventRecord[]) => RoundMark[];

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; marks do not read it
  interface Provisions<S> {
    marks: MarksHook;
  }
}

export const marksCheck: CapabilityCheck<'marks'> = {
  key: 'marks',
  problems: (value) => (typeof value === 'function' ? [] : ['marks must be a function of the episode\'s events']),
};
