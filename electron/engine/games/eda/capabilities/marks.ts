import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaMarks } from '../marks';

export default provide(edaGame, 'marks', edaMarks);
