import { provide } from '../../../core/capability';
import { edaGame } from '../game';

// The paper's human baseline (Appendix B) used 30 test items of each dataset; which 30 it does not
// publish, so these are seeded draws of the same size, the same on every machine.
export default provide(edaGame, 'fixed-subsets', [
  { name: 'things-30', dataset: 'things', subset: 'test', size: 30, seed: 30, note: 'like the paper\'s Things-30 (its 30 items are unpublished: a seeded draw)' },
  { name: 'celebrities-30', dataset: 'celebrities', subset: 'test', size: 30, seed: 30, note: 'like the paper\'s Celebrities-30 (its 30 items are unpublished: a seeded draw)' },
]);
