import { provide } from '../../../core/capability';
import { simulbenchGame } from '../single';
import { simulbenchPairwiseGame } from '../pairwise';
import { simulTextTranscript } from '../transcript';

export default [simulbenchGame, simulbenchPairwiseGame].map((game) => provide(game, 'text-transcript', (events) => simulTextTranscript(events)));
