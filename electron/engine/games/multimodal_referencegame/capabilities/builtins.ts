import { provide } from '../../../core/capability';
import { multimodalReferenceGame } from '../game';
import { MM_REF_BUILTINS } from '../builtins';

export default provide(multimodalReferenceGame, 'builtins', MM_REF_BUILTINS);
