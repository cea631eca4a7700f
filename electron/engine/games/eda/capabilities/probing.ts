import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaProbing } from '../probing/rounds';

export default provide(edaGame, 'probing', edaProbing);
