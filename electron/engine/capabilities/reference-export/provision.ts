/**
 * Reference export: a game writes a run in its paper's own harness's files (EDA: one text file per game,
 * as the reference code saves them, which its `eval_result.py` reads), for `parlor export <run> --format <id>
 * -o <folder>`. Importing the folder again (the game's `log-import`) gives the same events and scores.
 */
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { Game } from '../../core/game';
import type { RunFileEpisode } from '../run-files/provision';

/** One format of files a game writes a run in. */
export interface ReferenceFormat {
  id: string;
  title: string;
  /** The files, by path relative to the folder written, from the run's finished, counted episodes and who sat where. */
  files(episodes: readonly RunFileEpisode[], run: { readonly seats: readonly { readonly seat: string; readonly player: string }[] }): { path: string; content: string }[];
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; the files read the record only
  interface Provisions<S> {
    'reference-export': readonly ReferenceFormat[];
  }
}

/** The formats a game writes runs in, none where it writes none. */
export function referenceFormatsOf(game: Pick<Game<unknown>, 'id'>): readonly ReferenceFormat[] {
  return capabilityOf(game, 'reference-export') ?? [];
}

export const referenceExportCheck: CapabilityCheck<'reference-export'> = {
  key: 'reference-export',
  problems(value) {
    if (!Array.isArray(value) || value.length === 0) return ['reference-export must be a non-empty list of formats (delete the file to offer none)'];
    return value.filter((f) => !/^[a-z][a-z0-9-]{0,31}$/.test(f.id) || ['csv', 'jsonl'].includes(f.id)).map((f) => `reference format id "${f.id}" must be lowercase letters, digits and dashes, and not csv or jsonl`);
  },
};
