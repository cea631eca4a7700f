import { provide } from '../../../core/capability';
import { matchitGame } from '../game';
import { imagePlayer } from '../builtins';

export default provide(matchitGame, 'builtins', { player_a: imagePlayer, player_b: imagePlayer });
