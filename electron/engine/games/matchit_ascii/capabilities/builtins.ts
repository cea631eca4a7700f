import { provide } from '../../../core/capability';
import { matchitAsciiGame } from '../game';
import { referencePlayer } from '../builtins';

export default provide(matchitAsciiGame, 'builtins', { player_a: referencePlayer, player_b: referencePlayer });
