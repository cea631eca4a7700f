import { provide } from '../../../core/capability';
import { ageGame } from '../game';
import { AGE_PRESETS } from '../presets';

// The paper's experiments (§4.1, §4.2) as runs to start from; the user picks the models.
export default provide(ageGame, 'presets', AGE_PRESETS);
