import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaTurns } from '../turns';

// The last turn's question, '' where the episode has no turn.
export default provide(edaGame, 'export-columns', (events) => ({ final_question: edaTurns(events).turns.at(-1)?.question ?? '' }));
