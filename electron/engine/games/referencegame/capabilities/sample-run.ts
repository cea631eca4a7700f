import { provide } from '../../../core/capability';
import { referenceGame } from '../game';

// The Reference game is the quickest first look: one turn per seat, three experiments, built-in players for both roles.
export default provide(referenceGame, 'sample-run', { perExperiment: 2 });
