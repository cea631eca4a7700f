/**
 * The New run and Play forms start each dataset on the subset a run plays when none is named (issue
 * 27, item 6): SimulBench on all 500 scripts, not on "tool", the last subset listed; EDA on test.
 */
import { describe, expect, it } from 'vitest';
import { gameInfo } from '../../electron/engine/api/views';
import { subsetShape } from '../../electron/engine/core/selection';
import { allGames, gameById } from '../../electron/engine/games/registry';
import { defaultSubset, gameDefaults, withPreset, INITIAL } from '../../renderer/src/pages/newRunForm';

const infoOf = (id: string) => gameInfo(gameById(id), (name, subset) => subsetShape(gameById(id), name, subset));

describe('the subset a form starts on', () => {
  it('is all 500 SimulBench scripts, and EDA’s test split', () => {
    const simulbench = infoOf('simulbench');
    expect(gameDefaults(simulbench)).toMatchObject({ dataset: 'simulbench', subset: 'all' });
    expect(simulbench.datasets[0]!.subsets.find((s) => s.name === 'all')!.instances).toBe(500);
    expect(gameDefaults(infoOf('eda'))).toMatchObject({ dataset: 'things', subset: 'test' });
    expect(defaultSubset(infoOf('eda'), 'celebrities')).toBe('test');
  });

  it('is, for every game and bundled dataset, the subset its loader plays when none is named', () => {
    for (const game of allGames()) {
      const info = infoOf(game.id);
      for (const dataset of game.datasets.bundled()) {
        expect(`${game.id}/${dataset.name}: ${defaultSubset(info, dataset.name)}`).toBe(`${game.id}/${dataset.name}: ${game.datasets.load({ name: dataset.name }).subset}`);
      }
    }
  });

  it('follows a preset without a subset to its dataset’s default', () => {
    const age = infoOf('age');
    const preset = age.presets[0]!;
    const withoutSubset = { ...age, presets: [{ ...preset, dataset: { name: preset.dataset.name } }] };
    expect(withPreset({ ...INITIAL, game: 'age' }, withoutSubset, preset.id).subset).toBe('all');
  });
});
