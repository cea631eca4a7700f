/**
 * Run files: files a game makes from a finished run (SimulBench's pipeline: the test scripts it cut),
 * shown as downloads on the run page and written by `parlor file <run> <id>`.
 */
import type { Outcome } from '../../../../shared/contract/game';
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';
import type { Game, InstanceRow } from '../../core/game';

/** A finished episode as a run file reads it (its record, as stored). */
export interface RunFileEpisode {
  repetition: number;
  outcome: Outcome | null;
  instance: InstanceRow;
  events: readonly EventRecord[];
}

/** One file a game makes from a run's finished, counted episodes alone. */
export interface RunFileSpec {
  id: string;
  label: string;
  /** A UserError when the run has nothing to make it from yet. */
  make(runId: number, episodes: readonly RunFileEpisode[]): { filename: string; mime: string; content: string; summary: string };
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a file reads the record only
  interface Provisions<S> {
    'run-files': readonly RunFileSpec[];
  }
}

/** The files the game makes from a run, none where it makes none. */
export function runFilesOf(game: Pick<Game<unknown>, 'id'>): readonly RunFileSpec[] {
  return capabilityOf(game, 'run-files') ?? [];
}

export const runFilesCheck: CapabilityCheck<'run-files'> = {
  key: 'run-files',
  problems(value) {
    if (!Array.isArray(value) || value.length === 0) return ['run-files must be a non-empty list (delete the file to offer none)'];
    const ids = value.map((f) => f.id);
    const problems = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))].map((id) => `run file "${id}" is declared twice`);
    for (const f of value) if (!/^[a-z][a-z0-9_-]{0,31}$/.test(f.id)) problems.push(`run file id "${f.id}" must be lowercase letters, digits, dashes and underscores`);
    return problems;
  },
  info: { field: 'runFiles', of: (value) => value.map(({ id, label }) => ({ id, label })), none: [] },
};
