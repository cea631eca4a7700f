import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaLastMove } from '../last-move';

export default provide(edaGame, 'last-move', edaLastMove);
