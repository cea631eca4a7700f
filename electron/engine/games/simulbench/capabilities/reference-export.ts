import { provide } from '../../../core/capability';
import { simulbenchPairwiseGame } from '../pairwise';
import { simulbenchPairwiseFiles, simulbenchSingleFiles } from '../reference-files';
import { simulbenchGame } from '../single';

// SimulBench's own output records: rated answers, and pairwise verdicts in both orders.
const title = "SimulBench's output records, <id>_<source_id>/scoring_<model>.json or pairwise_<a>_vs_<b>.json (read back by parlor import simulbench)";
export default [
  provide(simulbenchGame, 'reference-export', [{ id: 'simulbench-json', title, files: simulbenchSingleFiles }]),
  provide(simulbenchPairwiseGame, 'reference-export', [{ id: 'simulbench-json', title, files: simulbenchPairwiseFiles }]),
];
