import { provide } from '../../../core/capability';
import { matchitAsciiGame } from '../game';
import { matchitTextTranscript } from '../transcript';

export default provide(matchitAsciiGame, 'text-transcript', (events) => matchitTextTranscript(events));
