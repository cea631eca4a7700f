/**
 * Log import: a game reads the outputs of its paper's own harness (EDA: the reference code's game
 * files), for `parlor import <id> <folder>`; the core's importer replays them through the game and
 * rescores them. Readers of other harnesses that span several games (clembench) are the catalog's.
 */
import { allGames, logSources } from '../../core/catalog';
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { LogSource } from '../../core/log-import';
import { UserError } from '../../errors';

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a reader reads files only
  interface Provisions<S> {
    'log-import': LogSource;
  }
}

/** Every reader, each id once: the catalog's, then each game's (a variant of a game shares its reader). */
export function allLogSources(): LogSource[] {
  const all = [...logSources(), ...allGames().flatMap((g) => capabilityOf(g, 'log-import') ?? [])];
  const byId = new Map<string, LogSource>();
  for (const source of all) if (!byId.has(source.id)) byId.set(source.id, source);
  return [...byId.values()];
}

/** The reader of a format by id, the catalog's or a game's; a UserError naming those there are. */
export function logSourceFor(id: string): LogSource {
  const all = allLogSources();
  const found = all.find((s) => s.id === id);
  if (!found) throw new UserError(`Parlor cannot import "${id}" logs; it reads: ${all.map((s) => s.id).join(', ') || 'none'}.`);
  return found;
}

export const logImportCheck: CapabilityCheck<'log-import'> = {
  key: 'log-import',
  problems(value) {
    if (!value || typeof value.read !== 'function') return ['log-import must be a reader: { id, title, read(folder, options) }'];
    const problems: string[] = [];
    if (!/^[a-z][a-z0-9_-]{0,31}$/.test(value.id)) problems.push(`log-import id "${value.id}" must be lowercase letters, digits, dashes and underscores`);
    return problems;
  },
};
