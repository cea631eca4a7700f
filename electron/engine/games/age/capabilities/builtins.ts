import { provide } from '../../../core/capability';
import { ageGame } from '../game';
import { referencePlayer } from '../builtins';
import { AGE_ROLE } from '../seating';

export default provide(ageGame, 'builtins', { [AGE_ROLE]: referencePlayer });
