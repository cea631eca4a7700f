import { provide } from '../../../core/capability';
import { multimodalReferenceGame } from '../game';
import { refTextTranscript } from '../../referencegame/transcript';

export default provide(multimodalReferenceGame, 'text-transcript', (events) => refTextTranscript(events));
