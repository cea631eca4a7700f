/**
 * What a game offers for dialogue-state probing (EDA: the guesser's top 5 before each question). The
 * core stores probes apart from events and averages the true answer's rank over episodes; the game
 * says which seat it probes and how one episode reads as rounds.
 */
import type { ProbeRoundView } from '../../../shared/api/research-views';
import type { EventRecord } from './events';
import type { InstanceRow } from './instances';
import type { ProbeOutcome } from './turn-kit';

/** A probe as stored (its call aside). */
export type StoredProbe = Omit<ProbeOutcome, 'callId'>;

export interface ProbeHooks<S = unknown> {
  readonly seat: string;
  readonly kind: string;
  /** Items a probe asks for; a true answer outside them ranks `size + 1` in the averages. */
  readonly size: number;
  /** Whether a run with these settings probes at all. */
  enabled(settings: S): boolean;
  /** Pure: one episode's rounds with the probe taken before each move. */
  rounds(input: { events: readonly EventRecord[]; probes: readonly StoredProbe[]; instance: InstanceRow }): ProbeRoundView[];
}
