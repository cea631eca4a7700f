import { provide } from '../../../core/capability';
import { simulbenchGame } from '../single';
import { simulbenchPairwiseGame } from '../pairwise';
import { simulBuiltins } from '../builtins';

export default [simulbenchGame, simulbenchPairwiseGame].map((game) => provide(game, 'builtins', simulBuiltins));
