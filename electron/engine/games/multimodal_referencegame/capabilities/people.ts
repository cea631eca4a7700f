import { provide } from '../../../core/capability';
import { followerPrompt } from '../../referencegame/rules';
import { multimodalReferenceGame } from '../game';
import { mmPayload } from '../payload';

export default provide(multimodalReferenceGame, 'people', {
  instructions(seat, instance) {
    const p = mmPayload(instance.payload);
    return seat === 'describer' ? p.player_1_prompt_header : followerPrompt(p.player_2_prompt_header, 'Expression: …');
  },
});
