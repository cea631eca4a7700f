/**
 * The MatchIt ASCII game master: both players describe their grid, ask each other questions for the
 * instance's number of rounds, then both decide whether the grids are the same. Each player keeps its
 * own conversation (its prompts and its replies); the first reply that breaks a rule ends the episode.
 * A resumed episode replays its recorded replies and continues after them. The image MatchIt plays
 * the same way; only each player's first message differs (its image instead of its grid).
 */
import type { EpisodeContext } from '../../core/game';
import type { ChatMessage } from '../../players/types';
import { matchitPayload, type MatchItScript } from './datasets';
import { MatchItProtocol, matchitSteps, otherSeat, type Opening, type Seat } from './protocol';
import { checkReply, initialPrompt, type ReplyAction } from './rules';
import type { MatchItSettings } from './settings';

export function playMatchIt(ctx: EpisodeContext<MatchItSettings>): Promise<void> {
  const p = matchitPayload(ctx.instance.payload);
  return playMatchItWith(ctx, p, (seat) => initialPrompt(p, seat === 'player_a' ? p.gridA : p.gridB));
}

/** Plays an episode of the script, each player's first message being its opening. */
export async function playMatchItWith(ctx: EpisodeContext<MatchItSettings>, p: MatchItScript, opening: Opening): Promise<void> {
  const { kit, settings, prior } = ctx;
  if (prior.some((e) => e.kind === 'system')) return;
  const recorded = prior.filter((e) => e.kind === 'response' || e.kind === 'input').map((e) => e.text ?? '');
  const protocol = new MatchItProtocol(p, opening);
  const history: Record<Seat, ChatMessage[]> = { player_a: [], player_b: [] };
  const decisions: Partial<Record<Seat, ReplyAction>> = {};

  for (const [i, step] of matchitSteps(p.decisionTurn).entries()) {
    const message = protocol.message(step);
    const messages = history[step.seat];
    messages.push({ role: 'user', content: message });
    let reply: { ok: true; action: ReplyAction; text: string } | { ok: false; reason: string; text: string };
    if (i < recorded.length) {
      const text = recorded[i]!;
      const parsed = checkReply(text, step.expect, p);
      reply = parsed.ok ? { ok: true, action: parsed.action, text } : { ok: false, reason: parsed.reason, text };
    } else {
      reply = await kit.ask(step.seat, {
        round: step.round,
        messages: [...messages],
        temperature: settings.temperature,
        maxTokens: settings.maxTokens,
        to: step.expect === 'decision' ? null : otherSeat(step.seat),
        parse: (text) => checkReply(text, step.expect, p),
      });
    }
    if (!reply.ok) {
      kit.abort(step.round, `${step.seat === 'player_a' ? 'A' : 'B'}'s ${step.expect}: ${reply.reason}`);
      return;
    }
    messages.push({ role: 'assistant', content: reply.text });
    protocol.accept(step, reply.action);
    if (step.expect === 'decision') decisions[step.seat] = reply.action;
  }
  const verdict = (seat: Seat) => (decisions[seat]?.decision === 'success' ? 'right' : 'wrong');
  kit.note({
    round: p.decisionTurn + 2,
    text: `decisions: A ${verdict('player_a')}, B ${verdict('player_b')} (the answer: ${p.solution})`,
    action: { final: true, player_a: decisions.player_a?.decision ?? null, player_b: decisions.player_b?.decision ?? null },
  });
}
