import { provide } from '../../../core/capability';
import { SCRIPTS_FILE } from '../export';
import { simulbenchMakeGame } from '../game';

// The pipeline's product: the test scripts cut from a run (the paper collected each task three times).
export default provide(simulbenchMakeGame, 'run-files', [SCRIPTS_FILE]);
