import { provide } from '../../../core/capability';
import { matchitImagePayload } from '../datasets';
import { matchitGame } from '../game';

export default provide(matchitGame, 'people', { instructions: (_seat, instance) => matchitImagePayload(instance.payload).initialPrompt });
