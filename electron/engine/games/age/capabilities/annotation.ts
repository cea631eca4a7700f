import { provide } from '../../../core/capability';
import { ageAnnotation } from '../annotation';
import { ageGame } from '../game';

// Guess matching: people check what the match rule made of each guess.
export default provide(ageGame, 'annotation', ageAnnotation);
