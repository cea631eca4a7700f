import { provide } from '../../../core/capability';
import { pairwiseAnnotation, singleAnnotation } from '../annotation';
import { simulbenchPairwiseGame } from '../pairwise';
import { simulbenchGame } from '../single';

// The judge's ratings (1–10) and its pairwise verdicts, each checked by people.
export default [provide(simulbenchGame, 'annotation', singleAnnotation), provide(simulbenchPairwiseGame, 'annotation', pairwiseAnnotation)];
