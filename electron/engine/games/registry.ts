/**
 * The games Parlor knows: the only module that imports a game folder. Everything else asks here by id,
 * so a new game is its folder plus one line below.
 */
import { delimiter, resolve } from 'node:path';
import { gameProblems } from '../core/check-game';
import type { Game } from '../core/game';
import type { LogSource } from '../core/log-import';
import type { Suite } from '../core/suite';
import { comparisonProblems, type SuiteComparison } from '../core/comparison';
import { UserError } from '../errors';
import { clembenchSource } from './clembench/source';
import { clembenchTextVsImages } from './clembench/compare';
import { clembenchMultimodalSuite, clembenchSuite } from './clembench/suite';
import { matchitClem } from './matchit/clem';
import { mmMapworldClem, mmMapworldGraphsClem, mmMapworldSpecificroomClem } from './mm_mapworld/clem';
import { multimodalReferencegameClem } from './multimodal_referencegame/clem';
import { matchitAsciiClem } from './matchit_ascii/clem';
import { referencegameClem } from './referencegame/clem';
import { textmapworldClem, textmapworldGraphreasoningClem, textmapworldSpecificroomClem } from './textmapworld/clem';
import { gameFolderProblems, loadGameFolder, untypedGameProblems, type BrokenGame } from './load-folder';
import { CAPABILITY_CHECKS } from '../capabilities/checks';
import { recordProvisions, type Provision } from '../core/capability';

const games = new Map<string, Game<unknown>>();
const broken: BrokenGame[] = [];

/**
 * Adds a game with the capabilities it provides, once its self-description and every provision are
 * checked. An id is taken once. Throws on a problem: a test's game must be sound (folders found at
 * start are reported instead, see `brokenGames`).
 */
export function registerGame<S>(game: Game<S>, provisions: readonly Provision[] = []): void {
  const problems = registrationProblems(game as unknown as Game<unknown>, provisions);
  if (problems.length > 0) throw new Error(`The game "${game.id}" cannot be registered:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  games.set(game.id, game as unknown as Game<unknown>);
  recordProvisions(game.id, provisions);
}

function registrationProblems(game: Game<unknown>, provisions: readonly Provision[]): string[] {
  if (games.has(game.id)) return [`a game with id "${game.id}" is already registered`];
  return [...gameProblems(game), ...gameFolderProblems(game, provisions, CAPABILITY_CHECKS)];
}

/**
 * Loads a game folder (its `game.ts`, and a provision per file in `capabilities/`) and registers its
 * games; a game that fails its checks is kept out and listed by `brokenGames`, and every other game works.
 */
export async function addGameFolder(folder: string, label = folder): Promise<void> {
  const loaded = await loadGameFolder(folder, label);
  broken.push(...loaded.broken);
  for (const { game, provisions, problems: found } of loaded.games) {
    const problems = [...found, ...untypedGameProblems(game), ...registrationProblems(game, provisions)];
    if (problems.length) broken.push({ folder: label, game: game.id, title: game.title, problems });
    else registerGame(game, provisions);
  }
}

/** The games found but kept out, with every problem each has. */
export function brokenGames(): readonly BrokenGame[] {
  return broken;
}

/** The game folders Parlor ships, in the order the app lists them: one line each. */
const GAME_FOLDERS = [
  'eda',
  'simulbench_make',
  'age',
  'simulbench',
  // clembench: the text games, then their multimodal versions.
  'referencegame',
  'matchit_ascii',
  'textmapworld',
  'multimodal_referencegame',
  'matchit',
  'mm_mapworld',
];

for (const folder of GAME_FOLDERS) await addGameFolder(new URL(`./${folder}/`, import.meta.url).pathname, folder);
// Folders of the user's own games (PARLOR_GAMES: paths separated by the platform's delimiter).
for (const folder of (process.env.PARLOR_GAMES ?? '').split(delimiter).filter(Boolean)) await addGameFolder(resolve(folder));

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

const logSources = new Map<string, LogSource>();

/** Adds a reader of another harness's logs (`parlor import <id> <folder>`). */
export function registerLogSource(source: LogSource): void {
  logSources.set(source.id, source);
}

export function logSourceById(id: string): LogSource {
  const source = logSources.get(id);
  if (!source) throw new UserError(`Parlor cannot import "${id}" logs; it reads: ${[...logSources.keys()].join(', ') || 'none'}.`);
  return source;
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

// The clembench games as two benchmarks (text, multimodal: clemscore each), their comparison, and the reader of clembench results trees.
registerSuite(clembenchSuite);
registerSuite(clembenchMultimodalSuite);
registerComparison(clembenchTextVsImages);
registerLogSource(
  clembenchSource(
    [referencegameClem, matchitAsciiClem, textmapworldClem, textmapworldSpecificroomClem, textmapworldGraphreasoningClem, multimodalReferencegameClem, matchitClem, mmMapworldClem, mmMapworldSpecificroomClem, mmMapworldGraphsClem],
    (id) => gameById(id).roles.map((r) => r.id),
  ),
);
