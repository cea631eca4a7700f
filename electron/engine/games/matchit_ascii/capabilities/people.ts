import { provide } from '../../../core/capability';
import { matchitPayload } from '../datasets';
import { gridOf, matchitAsciiGame } from '../game';
import { initialPrompt } from '../rules';

export default provide(matchitAsciiGame, 'people', { instructions: (seat, instance) => initialPrompt(matchitPayload(instance.payload), gridOf(instance, seat)) });
