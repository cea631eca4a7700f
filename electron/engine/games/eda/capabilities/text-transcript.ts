import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaTextTranscript } from '../turns';

export default provide(edaGame, 'text-transcript', (events) => edaTextTranscript(events));
