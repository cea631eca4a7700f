import { provide } from '../../../core/capability';
import { matchitImagePayload } from '../datasets';
import { matchitGame } from '../game';

// Each player is shown its own photo once, in the first message; both are needed before the run.
export default provide(matchitGame, 'images', {
  of: (instance) => {
    const p = matchitImagePayload(instance.payload);
    return [p.imageA, p.imageB];
  },
  perMessage: { player_a: 1, player_b: 1 },
  hint: "MatchIt's images are Visual Genome photos (VG_100K, VG_100K_2): point Parlor at a folder holding them, or allow downloads",
});
