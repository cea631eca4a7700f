import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaTraining } from '../training';

export default provide(edaGame, 'training', edaTraining);
