import { provide } from '../../../core/capability';
import { simulbenchGame } from '../single';
import { simulbenchPairwiseGame } from '../pairwise';
import { simulBuiltins } from '../builtins';

// One set of built-in players serves both games; each game is given those of its own roles.
export default [simulbenchGame, simulbenchPairwiseGame].map((game) =>
  provide(game, 'builtins', Object.fromEntries(Object.entries(simulBuiltins).filter(([role]) => game.roles.some((r) => r.id === role)))),
);
