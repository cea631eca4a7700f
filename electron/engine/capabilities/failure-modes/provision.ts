/**
 * What a game offers for failure-mode tags (EDA: early enumeration, redundancy, inconsistency):
 * pure detectors over an episode's events, and what an LLM tagger is asked. The capability merges
 * detected, LLM-suggested and reviewed tags, counts them per model and keeps the reviews.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';
import type { InstanceRow } from '../../core/instances';

export interface FailureModeInfo {
  id: string;
  label: string;
  /** The rule, in a sentence people can check a tag against. */
  description: string;
}

export interface DetectedTag {
  mode: string;
  round: number;
  /** Earlier rounds the tag points at. */
  related: number[];
  /** Which rule fired (or `llm`). */
  rule: string;
  reason: string;
}

export interface FailureModeHooks<S = unknown> {
  /** The seat whose moves are tagged (EDA: guesser). */
  readonly seat: string;
  readonly modes: readonly FailureModeInfo[];
  /** The detectors' thresholds with defaults filled in; refuses unknown or bad ones. */
  rules(input: unknown): Record<string, number>;
  /** Pure: the tags the rules find in one episode. */
  detect(input: { events: readonly EventRecord[]; instance: InstanceRow; datasetKind: string; settings: S; rules: Record<string, number> }): DetectedTag[];
  /** The LLM tagger's prompt for one episode: the transcript, the modes, and the JSON wanted back. */
  taggerPrompt(events: readonly EventRecord[], modes: readonly FailureModeInfo[]): string;
  /** The moves a tag may sit on (EDA: the turns), for checking an LLM's or a person's tag. */
  rounds(events: readonly EventRecord[]): number[];
}

declare module '../../core/capability' {
  interface Provisions<S> {
    'failure-modes': FailureModeHooks<S>;
  }
}

export const failureModesCheck: CapabilityCheck<'failure-modes'> = {
  key: 'failure-modes',
  problems(hooks) {
    const problems: string[] = [];
    if (typeof hooks.seat !== 'string' || !hooks.seat) problems.push('seat must name the seat whose moves are tagged');
    const ids = (hooks.modes ?? []).map((m) => m.id);
    if (ids.length === 0) problems.push('modes must list at least one failure mode');
    for (const id of ids.filter((x, i) => ids.indexOf(x) !== i)) problems.push(`mode "${id}" is declared twice`);
    for (const m of hooks.modes ?? []) if (!m.label || !m.description) problems.push(`mode "${m.id}" needs a label and a description people can check a tag against`);
    for (const name of ['rules', 'detect', 'taggerPrompt', 'rounds'] as const) if (typeof hooks[name] !== 'function') problems.push(`${name} must be a function`);
    return problems;
  },
  info: { field: 'failureModes', of: (hooks) => ({ seat: hooks.seat, modes: hooks.modes.map((m) => ({ ...m })) }) },
};
