import { provide } from '../../../core/capability';
import { referenceGame } from '../game';
import { REF_BUILTINS } from '../builtins';

export default provide(referenceGame, 'builtins', REF_BUILTINS);
