import { provide } from '../../../core/capability';
import { matchitGame } from '../game';
import { matchitTextTranscript } from '../../matchit_ascii/transcript';

export default provide(matchitGame, 'text-transcript', (events) => matchitTextTranscript(events, true));
