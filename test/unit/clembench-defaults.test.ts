/** Every clembench game plays each instance once unless told otherwise, as clembench runs them; EDA five times and SimulBench's pipeline three dialogues per task, as their papers. */
import { describe, expect, it } from 'vitest';
import { allGames } from '../../electron/engine/games/registry';
import { planOf } from '../../electron/engine/core/run-plan';
import { parseRunConfig } from '../../electron/engine/core/run-config';

describe('default repetitions', () => {
  const players = (roles: readonly { id: string }[]) => Object.fromEntries(roles.map((r) => [r.id, { provider: 'builtin', model: 'reference' }]));
  const expected: Readonly<Record<string, number>> = { eda: 5, simulbench_make: 3 };
  for (const game of allGames()) {
    it(`${game.id}: ${expected[game.id] ?? 1}`, () => {
      const config = parseRunConfig({ game: game.id, dataset: { name: game.datasets.bundled()[0]!.name }, players: players(game.roles) });
      expect(planOf(config).repetitions).toBe(expected[game.id] ?? 1);
    });
  }
});
