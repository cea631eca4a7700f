import { provide } from '../../../core/capability';
import { ageGame } from '../game';
import { ageTextTranscript } from '../transcript';

export default provide(ageGame, 'text-transcript', (events) => ageTextTranscript(events));
