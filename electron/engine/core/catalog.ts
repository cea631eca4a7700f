/**
 * The catalog of what this build plays: the games registered (and the folders kept out, with their
 * problems), the suites, the comparisons and the readers of other harnesses' logs. It knows no game:
 * `games/registry.ts` finds the game folders, checks each game and adds it here. Every layer looks a
 * game up here by id (the capabilities too, which the games sit above), so no lookup runs back up.
 */
import { UserError } from '../errors';
import { comparisonProblems, type SuiteComparison } from './comparison';
import type { Game } from './game';
import type { LogSource } from './log-import';
import type { Suite } from './suite';

/** A game folder found but kept out, with every problem it has. */
export interface BrokenGame {
  /** The folder as Parlor names it (a bundled folder's name, or the user's path). */
  folder: string;
  /** The game's id and title, when its folder got as far as naming one. */
  game?: string;
  title?: string;
  problems: string[];
}

const games = new Map<string, Game<unknown>>();
const broken: BrokenGame[] = [];

/** Whether a game of this id is in the catalog. */
export function hasGame(id: string): boolean {
  return games.has(id);
}

/** Adds a game its registry has checked (`games/registry.ts`: `registerGame`). */
export function catalogGame(game: Game<unknown>): void {
  games.set(game.id, game);
}

/** Records game folders kept out, with their problems. */
export function catalogBroken(found: readonly BrokenGame[]): void {
  broken.push(...found);
}

/** The games found but kept out, with every problem each has. */
export function brokenGames(): readonly BrokenGame[] {
  return broken;
}

export function gameById(id: string): Game<unknown> {
  const game = games.get(id);
  if (game) return game;
  const broken = brokenGames().find((b) => b.game === id);
  if (broken) throw new UserError(`The game "${id}" (${broken.folder}) cannot be played until its problems are fixed:\n${broken.problems.map((p) => `- ${p}`).join('\n')}`);
  throw new UserError(`Unknown game "${id}". Parlor plays: ${[...games.keys()].join(', ')}.`);
}

export function allGames(): Game<unknown>[] {
  return [...games.values()];
}

const suites = new Map<string, Suite>();

/** Adds a benchmark suite once every game it combines is registered. */
export function registerSuite(suite: Suite): void {
  const missing = suite.games.filter((g) => !games.has(g));
  if (missing.length) throw new Error(`The suite "${suite.id}" names games that are not registered: ${missing.join(', ')}.`);
  suites.set(suite.id, suite);
}

export function suiteById(id: string): Suite {
  const suite = suites.get(id);
  if (!suite) throw new UserError(`Unknown suite "${id}". Parlor has: ${[...suites.keys()].join(', ') || 'none'}.`);
  return suite;
}

export function allSuites(): Suite[] {
  return [...suites.values()];
}

/** The columns of a suite's grouped table: its games outside groups, and its groups that hold one of its games. */
export function groupedColumns(suite: Suite): string[] {
  const groups = Object.entries(suite.groups ?? {}).filter(([, g]) => g.games.some((id) => suite.games.includes(id)));
  return [...suite.games.filter((id) => !groups.some(([, g]) => g.games.includes(id))), ...groups.map(([id]) => id)];
}

const comparisons = new Map<string, SuiteComparison>();

/** Adds a comparison of two suites once both are registered and every pair names columns of their grouped tables. */
export function registerComparison(comparison: SuiteComparison): void {
  const problems = comparisonProblems(comparison, (id) => {
    const suite = suites.get(id);
    return suite ? groupedColumns(suite) : null;
  });
  if (problems.length) throw new Error(`The comparison "${comparison.id}" cannot be registered:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  comparisons.set(comparison.id, comparison);
}

export function comparisonById(id: string): SuiteComparison {
  const comparison = comparisons.get(id);
  if (!comparison) throw new UserError(`Unknown comparison "${id}". Parlor has: ${[...comparisons.keys()].join(', ') || 'none'}.`);
  return comparison;
}

export function allComparisons(): SuiteComparison[] {
  return [...comparisons.values()];
}

const readers = new Map<string, LogSource>();

/** Adds a reader of another harness's logs (`parlor import <id> <folder>`). */
export function registerLogSource(source: LogSource): void {
  readers.set(source.id, source);
}

/** The readers registered here (games offer theirs as a capability: `capabilities/log-import`). */
export function logSources(): LogSource[] {
  return [...readers.values()];
}

/** A registered reader (the games' own readers: `capabilities/log-import`'s `logSourceFor`). */
export function logSourceById(id: string): LogSource {
  const source = readers.get(id);
  if (!source) throw new UserError(`Parlor cannot import "${id}" logs; it reads: ${[...readers.keys()].join(', ') || 'none'}.`);
  return source;
}
