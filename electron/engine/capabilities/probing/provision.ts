/**
 * What a game offers for dialogue-state probing (EDA: the guesser's top 5 before each question). The
 * turn kit stores the probes a game asks while it plays (`kit.probe`, apart from events); this
 * capability reads them back: the true answer's rank averaged over episodes. The game says which seat
 * it probes and how one episode reads as rounds.
 */
import type { ProbeRoundView } from '../../../../shared/api/capabilities/probing';
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';
import type { InstanceRow } from '../../core/instances';
import type { ProbeOutcome } from '../../core/turn-kit';

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

declare module '../../core/capability' {
  interface Provisions<S> {
    probing: ProbeHooks<S>;
  }
}

export const probingCheck: CapabilityCheck<'probing'> = {
  key: 'probing',
  problems(hooks) {
    const problems: string[] = [];
    if (typeof hooks.seat !== 'string' || !hooks.seat) problems.push('seat must name the seat probed');
    if (typeof hooks.kind !== 'string' || !hooks.kind) problems.push('kind must name what a probe asks (EDA: top5)');
    if (!Number.isInteger(hooks.size) || hooks.size < 1) problems.push(`size must be a whole number of items, at least 1 (not ${String(hooks.size)})`);
    if (typeof hooks.enabled !== 'function') problems.push("enabled must be a function of the run's settings");
    if (typeof hooks.rounds !== 'function') problems.push("rounds must be a function of an episode's events and probes");
    return problems;
  },
  info: { field: 'probing', of: (hooks) => ({ seat: hooks.seat, kind: hooks.kind, size: hooks.size }) },
};
