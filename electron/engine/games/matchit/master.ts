/**
 * The image MatchIt's game master, as clembench's `matchit` master (a717f23) drives its players
 * through clemcore's DialogueGameMaster: validate → parse → on_valid_player_response →
 * should_pass_turn. Traced move by move, its answer_counter and its contexts send the players exactly
 * the messages of MatchIt ASCII, in the same order (see `matchit_ascii/protocol.ts`); only the first
 * message differs: the initial prompt (no grid in it) with the player's image after the text, as
 * clemcore's backends send an `image` context. B gets it only once A's description was valid. The
 * image stays in each player's history, so every later call shows it again (MatchIt players do not
 * forget images, unlike clemcore's `forget_extras`).
 */
import type { EpisodeContext } from '../../core/game';
import { playMatchItWith } from '../matchit_ascii/master';
import type { MatchItSettings } from '../matchit_ascii/settings';
import { matchitImagePayload } from './datasets';

export function playMatchItImages(ctx: EpisodeContext<MatchItSettings>): Promise<void> {
  const p = matchitImagePayload(ctx.instance.payload);
  return playMatchItWith(ctx, p, (seat) => [{ type: 'text', text: p.initialPrompt }, ctx.kit.image(seat === 'player_a' ? p.imageA : p.imageB)]);
}
