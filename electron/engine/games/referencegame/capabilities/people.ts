import { provide } from '../../../core/capability';
import { referenceGame } from '../game';
import { refPayload } from '../payload';

export default provide(referenceGame, 'people', {
  instructions(seat, instance) {
    const p = refPayload(instance.payload);
    return seat === 'describer' ? p.player_1_prompt_header : p.player_2_prompt_header.split('TARGET_EXPRESSION').join('Expression: …');
  },
});
