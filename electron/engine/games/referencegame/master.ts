/**
 * The game master: one turn. The describer sees the three grids (target first) and must answer with
 * one "Expression: …" line; a refused reply ends the episode. The follower sees the grids in the
 * instance's order with the describer's whole reply in place of TARGET_EXPRESSION and must answer
 * "Answer: first|second|third"; a refused reply ends the episode; otherwise the rules decide.
 * The multimodal reference game plays the same turn with images in the prompts (`playRefTurn`).
 */
import type { ContentPart } from '../../../../shared/contract/content';
import type { EpisodeContext } from '../../core/game';
import { refPayload } from './payload';
import { followerPrompt, readDescriber, readFollower, rulesFor, type Read, type Rules } from './rules';
import type { RefSettings } from './settings';
import { replyOf } from './turn';

export const ROUND = 1;

/** One reference-game turn: what each player is sent, and the rules that read their replies. */
export interface RefTurn {
  rules: Rules;
  sampling: { temperature: number; maxTokens: number };
  /** The describer's one message (text, or text and images). */
  describer: string | ContentPart[];
  /** The follower's one message, given the describer's whole reply. */
  follower(describerReply: string): string | ContentPart[];
}

export async function playRefTurn(ctx: EpisodeContext<unknown>, turn: RefTurn): Promise<void> {
  const { kit } = ctx;
  if (ctx.prior.some((e) => e.kind === 'system')) return;
  const { rules, sampling } = turn;
  const parser = <A>(read: (text: string) => Read<A>) => (text: string) => {
    const r = read(text);
    return r.ok ? { ok: true as const, action: r.action, flags: r.flags } : { ok: false as const, reason: r.reason, flags: r.flags };
  };

  // A resumed episode keeps a reply already given.
  let described = replyOf(ctx.prior, 'describer');
  if (described === null) {
    const content = turn.describer;
    const reply = await kit.ask('describer', { round: ROUND, messages: [{ role: 'user', content }], to: 'follower', ...sampling, parse: parser((t) => readDescriber(t, rules)) });
    described = reply.text;
  }
  const first = readDescriber(described, rules);
  if (!first.ok) return void kit.abort(ROUND, `the describer's reply was refused: ${first.reason}`, 'describer');

  let guessed = replyOf(ctx.prior, 'follower');
  if (guessed === null) {
    const content = turn.follower(described);
    const reply = await kit.ask('follower', { round: ROUND, messages: [{ role: 'user', content }], to: null, ...sampling, parse: parser((t) => readFollower(t, rules)) });
    guessed = reply.text;
  }
  const second = readFollower(guessed, rules);
  if (!second.ok) return void kit.abort(ROUND, `the follower's reply was refused: ${second.reason}`, 'follower');
  const { answer, correct } = second.action;
  kit.note({ round: ROUND, text: correct ? `correct: the follower chose the target (${answer})` : `wrong: the follower chose ${answer}`, action: { answer, correct } });
}

export async function playReference(ctx: EpisodeContext<RefSettings>): Promise<void> {
  const { settings } = ctx;
  const payload = refPayload(ctx.instance.payload);
  await playRefTurn(ctx, {
    rules: rulesFor(payload, settings.rules),
    sampling: { temperature: settings.temperature, maxTokens: settings.maxTokens },
    describer: payload.player_1_prompt_header,
    follower: (reply) => followerPrompt(payload.player_2_prompt_header, reply),
  });
}
