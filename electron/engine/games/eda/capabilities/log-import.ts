import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaReferenceSource } from '../log-import';

export default provide(edaGame, 'log-import', edaReferenceSource);
