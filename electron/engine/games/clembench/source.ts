/** clembench results trees as Parlor reads them: each logged episode with its game's adapter applied. */
import { resolve } from 'node:path';
import type { LogReading, LogSource } from '../../core/log-import';
import { UserError } from '../../errors';
import { clemReplies, type ClemAdapter } from './adapter';
import { rawKey, readResultsTree } from './results-tree';

function modelsOf(pair: string): [string, string] {
  const [a, b] = pair.split('--');
  return [a ?? pair, b ?? a ?? pair];
}

export function clembenchSource(adapters: readonly ClemAdapter[], roles: (game: string) => readonly string[]): LogSource {
  const adapterOf = new Map(adapters.flatMap((a) => a.clemNames.map((n) => [n, a] as const)));
  return {
    id: 'clembench',
    title: 'clembench results (<model-pair>/<game>/<N>_<experiment>/episode_<k>/)',
    read(root): LogReading {
      let tree;
      try {
        tree = readResultsTree(root);
      } catch (error) {
        throw new UserError((error as Error).message);
      }
      const reading: LogReading = { root: resolve(root), episodes: [], problems: [...tree.problems], unknownGames: {} };
      for (const logged of tree.episodes) {
        const adapter = adapterOf.get(logged.game);
        if (!adapter) {
          reading.unknownGames[logged.game] = (reading.unknownGames[logged.game] ?? 0) + 1;
          continue;
        }
        if (!logged.instance) {
          reading.problems.push({ path: logged.path, message: 'no instance.json: the episode cannot be matched to its instance' });
          continue;
        }
        try {
          const instance = adapter.instanceFrom(logged.instance, logged.experimentRecord);
          // The pair's first model is Player 1, the second Player 2: the game's roles in order.
          const halves = modelsOf(logged.pair);
          const models = Object.fromEntries(roles(adapter.game).map((role, i) => [role, halves[Math.min(i, 1)]!]));
          const logScores = logged.scores ?? tree.raw.get(rawKey(logged.game, logged.pair, logged.experimentFolder, logged.episode)) ?? null;
          reading.episodes.push({ path: logged.path, game: adapter.game, group: logged.pair, models, instance, replies: clemReplies(logged.turns, adapter.seats), logged: logScores, scoreKeys: adapter.scoreKeys, ...(adapter.seatScoreKeys ? { seatScoreKeys: adapter.seatScoreKeys } : {}) });
        } catch (error) {
          reading.problems.push({ path: logged.path, message: `instance.json: ${(error as Error).message}` });
        }
      }
      return reading;
    },
  };
}
