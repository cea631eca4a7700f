/** SimulBench's two judged games: one simulator rated 1–10, and two simulators judged side by side. */
import { simulbenchPairwiseGame } from './pairwise';
import { simulbenchGame } from './single';

export default [simulbenchGame, simulbenchPairwiseGame];
