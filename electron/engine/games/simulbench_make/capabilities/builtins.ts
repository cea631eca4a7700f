import { provide } from '../../../core/capability';
import { simulbenchMakeGame } from '../game';
import { makeBuiltins } from '../builtins';

export default provide(simulbenchMakeGame, 'builtins', makeBuiltins);
