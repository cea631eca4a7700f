/**
 * The test-only games (`test/fixtures/<folder>/`: `game.ts` and one provision per file in
 * `capabilities/`), registered as Parlor registers a user's game folder, once per process.
 */
import { fileURLToPath } from 'node:url';
import { allGames, registerGame } from '../../electron/engine/games/registry';
import { loadGameFolder } from '../../electron/engine/games/load-folder';

export async function registerFixtureGame(folder: string): Promise<void> {
  const loaded = await loadGameFolder(fileURLToPath(new URL(`../fixtures/${folder}/`, import.meta.url)), folder);
  if (loaded.broken.length) throw new Error(`${folder} does not load: ${loaded.broken.flatMap((b) => b.problems).join('; ')}`);
  for (const { game, provisions } of loaded.games) if (!allGames().some((g) => g.id === game.id)) registerGame(game, provisions);
}
