import { provide } from '../../../core/capability';
import { simulbenchOutputsSource } from '../log-import';
import { simulbenchGame } from '../single';

// One reader of the reference scripts' outputs: ratings come in as simulbench, verdicts as simulbench_pairwise.
export default provide(simulbenchGame, 'log-import', simulbenchOutputsSource);
