import { provide } from '../../../core/capability';
import { referenceGame } from '../game';
import { refTextTranscript } from '../transcript';

export default provide(referenceGame, 'text-transcript', (events) => refTextTranscript(events));
