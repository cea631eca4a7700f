/**
 * Text transcript: an episode as lines of text (the CLI's `show`), in the game's own words. A game
 * without one is printed by the core's generic transcript.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';

export type TextTranscript<S> = (events: readonly EventRecord[], settings: S) => string[];

declare module '../../core/capability' {
  interface Provisions<S> {
    'text-transcript': TextTranscript<S>;
  }
}

export const textTranscriptCheck: CapabilityCheck<'text-transcript'> = {
  key: 'text-transcript',
  problems: (value) => (typeof value === 'function' ? [] : ['text-transcript must be a function of the events and settings']),
};
