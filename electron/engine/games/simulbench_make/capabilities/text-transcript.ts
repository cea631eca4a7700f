import { provide } from '../../../core/capability';
import { simulbenchMakeGame } from '../game';
import { makeTextTranscript } from '../transcript';

export default provide(simulbenchMakeGame, 'text-transcript', (events) => makeTextTranscript(events));
