/**
 * The game master: the text reference game's one turn (referencegame/master.ts) with images. The
 * describer gets its prompt header and its three images in one message; the follower gets its header
 * with the describer's whole reply in place of TARGET_EXPRESSION, and its three images. Text first,
 * then the images, as clemcore's backends send a message with images.
 */
import type { ContentPart } from '../../../../shared/contract/content';
import type { EpisodeContext } from '../../core/game';
import type { TurnKit } from '../../core/turn-kit';
import { playRefTurn } from '../referencegame/master';
import { followerPrompt } from '../referencegame/rules';
import { imagesOf, mmPayload } from './payload';
import { mmRulesFor } from './rules';
import type { MmRefSettings } from './settings';

const withImages = (kit: TurnKit, text: string, names: readonly string[]): ContentPart[] => [{ type: 'text', text }, ...names.map((n) => kit.image(n))];

export async function playMmReference(ctx: EpisodeContext<MmRefSettings>): Promise<void> {
  const { kit, settings } = ctx;
  const payload = mmPayload(ctx.instance.payload);
  const images = imagesOf(payload);
  await playRefTurn(ctx, {
    rules: mmRulesFor(payload, settings.rules),
    sampling: { temperature: settings.temperature, maxTokens: settings.maxTokens },
    describer: withImages(kit, payload.player_1_prompt_header, images.describer),
    follower: (reply) => withImages(kit, followerPrompt(payload.player_2_prompt_header, reply), images.follower),
  });
}
