import { provide } from '../../../core/capability';
import { edaFailureModes } from '../failure-modes/hooks';
import edaGame from '../game';

export default provide(edaGame, 'failure-modes', edaFailureModes);
