import { provide } from '../../../core/capability';
import { textCounterpartKey } from '../counterpart';
import { multimodalReferenceGame } from '../game';

// The grid experiments are the text reference game's instances drawn as images.
export default provide(multimodalReferenceGame, 'counterpart', { game: 'referencegame', key: textCounterpartKey });
