/**
 * The games Parlor ships and the folders it is told of: the only module that imports a game folder.
 * Each game is checked (its self-description and every provision) and added to the catalog
 * (`core/catalog.ts`), where everything else looks it up by id; a new game is its folder plus one
 * line below. Importing this module loads them all: the doors import it first.
 */
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRoot, RUNS_BUILT } from '../paths';
import { gameProblems } from '../core/check-game';
import type { Game } from '../core/game';
import { catalogBroken, catalogGame, gameById, hasGame, registerComparison, registerLogSource, registerSuite } from '../core/catalog';
import { clembenchSource } from './clembench/source';
import { clembenchTextVsImages } from './clembench/compare';
import { clembenchMultimodalSuite, clembenchSuite } from './clembench/suite';
import { matchitClem } from './matchit/clem';
import { mmMapworldClem, mmMapworldGraphsClem, mmMapworldSpecificroomClem } from './mm_mapworld/clem';
import { multimodalReferencegameClem } from './multimodal_referencegame/clem';
import { matchitAsciiClem } from './matchit_ascii/clem';
import { referencegameClem } from './referencegame/clem';
import { textmapworldClem, textmapworldGraphreasoningClem, textmapworldSpecificroomClem } from './textmapworld/clem';
import { gameFolderProblems, loadGameFolder, untypedGameProblems } from './load-folder';
import { CAPABILITY_CHECKS } from '../capabilities/checks';
import { recordProvisions, type Provision } from '../core/capability';

export {
  allComparisons, allGames, allSuites, brokenGames, comparisonById, gameById, groupedColumns, logSourceById, registerComparison, registerLogSource, registerSuite, suiteById, type BrokenGame,
} from '../core/catalog';

/**
 * Adds a game with the capabilities it provides, once its self-description and every provision are
 * checked. An id is taken once. Throws on a problem: a test's game must be sound (folders found at
 * start are reported instead, see `brokenGames`).
 */
export function registerGame<S>(game: Game<S>, provisions: readonly Provision[] = []): void {
  const problems = registrationProblems(game as unknown as Game<unknown>, provisions);
  if (problems.length > 0) throw new Error(`The game "${game.id}" cannot be registered:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  catalogGame(game as unknown as Game<unknown>);
  recordProvisions(game.id, provisions);
}

function registrationProblems(game: Game<unknown>, provisions: readonly Provision[]): string[] {
  if (hasGame(game.id)) return [`a game with id "${game.id}" is already registered`];
  return [...gameProblems(game), ...gameFolderProblems(game, provisions, CAPABILITY_CHECKS)];
}

/**
 * Loads a game folder (its `game.ts`, and a provision per file in `capabilities/`) and registers its
 * games; a game that fails its checks is kept out and listed by `brokenGames`, and every other game works.
 */
export async function addGameFolder(folder: string, label = folder): Promise<void> {
  const loaded = await loadGameFolder(folder, label);
  catalogBroken(loaded.broken);
  for (const { game, provisions, problems: found } of loaded.games) {
    const problems = [...found, ...untypedGameProblems(game), ...registrationProblems(game, provisions)];
    if (problems.length) catalogBroken([{ folder: label, game: game.id, title: game.title, problems }]);
    else registerGame(game, provisions);
  }
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

// From the sources, the folders beside this file; built (`npm run build`), their compiled copies in dist/engine/games/.
const GAMES_DIR = RUNS_BUILT ? join(appRoot(), 'dist', 'engine', 'games') : dirname(fileURLToPath(import.meta.url));
for (const folder of GAME_FOLDERS) await addGameFolder(join(GAMES_DIR, folder), folder);
// Folders of the user's own games (PARLOR_GAMES: paths separated by the platform's delimiter).
for (const folder of (process.env.PARLOR_GAMES ?? '').split(delimiter).filter(Boolean)) await addGameFolder(resolve(folder));

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
