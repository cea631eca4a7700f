import { provide } from '../../../core/capability';
import { PAIRWISE_AGGREGATES, simulbenchPairwiseGame } from '../pairwise';

// The paper's Table 1 difference (Win − Lose), for the pairwise game only.
export default provide(simulbenchPairwiseGame, 'aggregates', PAIRWISE_AGGREGATES);
