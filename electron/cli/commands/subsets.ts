/** `parlor subsets`: the fixed subsets runs and human games can share (`run --fixed <name>`). */
import { DEFAULT_GAME } from '../../../shared/contract/default-game';
import type { Game } from '../../engine/core/game';
import { gameById } from '../../engine/games/registry';
import { defineFixed, findFixed, fixedSubsetsOf } from '../../engine/runner/fixed-subsets';
import { CliError, openStore, plainFlag } from '../context';
import { table } from '../format';

export interface SubsetsFlags {
  db?: string;
  game?: string;
  dataset?: string;
  split?: string;
  size?: string;
  seed?: string;
  note?: string;
  json?: boolean;
}

const whole = (text: string | undefined, flag: string): number => {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < 0) throw new CliError(`${flag} must be a whole number${text === undefined ? '' : `, not "${text}"`}.`);
  return n;
};

/** The subset a run of the dataset plays when none is named (EDA: test); a dataset the game does not bundle keeps the old default, test. */
function defaultSubsetOf(game: Game<unknown>, dataset: string): string {
  const bundled = game.datasets.bundled().find((d) => d.name === dataset);
  return bundled?.defaultSubset ?? bundled?.subsets[0] ?? 'test';
}

export function subsetsCommand(action: string | undefined, name: string | undefined, flags: SubsetsFlags): number {
  const game = gameById(flags.game ?? DEFAULT_GAME);
  const store = openStore(flags.db, { create: action === 'create' });
  try {
    switch (action ?? 'list') {
      case 'list': {
        const all = fixedSubsetsOf(store, game);
        if (flags.json) console.log(JSON.stringify(all, null, 2));
        else console.log(table(['name', 'dataset/split', 'size', 'seed', 'origin', 'note'], all.map((f) => [f.name, `${f.dataset}/${f.subset}`, f.size, f.seed, f.origin, f.note ?? ''])));
        return 0;
      }
      case 'show': {
        if (!name) throw new CliError('Usage: parlor subsets show <name>');
        const fixed = findFixed(store, game, name);
        if (flags.json) console.log(JSON.stringify(fixed, null, 2));
        else console.log(`${fixed.name}: ${fixed.size} of ${fixed.dataset}/${fixed.subset}, seed ${fixed.seed}\n${fixed.keys.map((k) => `  ${k}`).join('\n')}`);
        return 0;
      }
      case 'create': {
        if (!name) throw new CliError('Usage: parlor subsets create <name> --dataset <name> --split <split> --size <n> [--seed <n>]');
        if (!flags.dataset) throw new CliError('Say which dataset the subset samples: --dataset <name>.');
        const fixed = defineFixed(store, game, {
          name, dataset: flags.dataset, subset: flags.split ?? defaultSubsetOf(game, flags.dataset), size: whole(flags.size, '--size'), seed: flags.seed === undefined ? 0 : whole(flags.seed, '--seed'),
          ...(flags.note ? { note: plainFlag(flags.note, 'The note', 'lines') } : {}),
        });
        console.log(`fixed subset ${fixed.name}: ${fixed.size} of ${fixed.dataset}/${fixed.subset} (seed ${fixed.seed}); play it with parlor run --fixed ${fixed.name}`);
        return 0;
      }
      case 'rm':
      case 'remove': {
        if (!name) throw new CliError('Usage: parlor subsets rm <name>');
        store.fixedSubsets.remove(name);
        console.log(`removed fixed subset ${name} (runs that played it keep their episodes)`);
        return 0;
      }
      default:
        throw new CliError(`Unknown subsets action "${action}". Known: list, show, create, rm.`);
    }
  } finally {
    store.close();
  }
}
