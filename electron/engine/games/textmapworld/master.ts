/**
 * The game master of the MapWorld games: each round the explorer replies to what it was last told;
 * a malformed reply aborts the episode (the reference has no reprompt), DONE ends it, a move gets the
 * describer's answer; after the turn limit without DONE the episode is aborted, as clembench scores it.
 */
import { actionOf, type EventRecord } from '../../core/events';
import type { EpisodeContext } from '../../core/game';
import type { TurnKit } from '../../core/turn-kit';
import { mapPayload, type MapPayload } from './instance';
import { parseReply, type ReplyAction } from './rules';
import { MapSession, type StepResult } from './session';
import type { MapSettings } from './settings';

export const EXPLORER = 'explorer';

/** Records what a step decided; returns whether the episode goes on. */
function record(kit: TurnKit, round: number, result: StepResult, maxTurns: number): boolean {
  if (result.kind === 'abort') {
    kit.abort(round, result.reason, EXPLORER);
    return false;
  }
  const note = result.note;
  kit.note({ round, to: EXPLORER, text: note.type === 'stop' ? 'DONE' : (note.sent ?? ''), action: note });
  if (result.kind === 'stop') return false;
  if (result.limit) {
    kit.abort(round, `turn limit (${maxTurns}) reached without DONE`, EXPLORER);
    return false;
  }
  return true;
}

const isEnd = (e: EventRecord) => e.kind === 'system' && (actionOf(e).abort !== undefined || actionOf(e).type === 'stop');

export async function playMap(ctx: EpisodeContext<MapSettings>): Promise<void> {
  const { kit, settings } = ctx;
  const payload: MapPayload = mapPayload(ctx.instance.payload);
  if (ctx.prior.some(isEnd)) return;
  const session = new MapSession(payload, settings.maxTurns);

  // A resumed episode: replay the recorded replies, then record what the cut-off left undone.
  let round = 1;
  for (;;) {
    const events = ctx.prior.filter((e) => e.round === round);
    const reply = events.find((e) => e.from === EXPLORER && (e.kind === 'response' || e.kind === 'input'));
    if (!reply) break;
    if (!reply.valid) return void kit.abort(round, 'the reply broke the format', EXPLORER);
    const result = session.step(actionOf(reply) as unknown as ReplyAction);
    const decided = events.some((e) => e.kind === 'system');
    if (!decided && !record(kit, round, result, settings.maxTurns)) return;
    round++;
  }

  for (; ; round++) {
    const asked = await kit.ask(EXPLORER, {
      round,
      messages: [...session.history],
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
      parse: (text) => parseReply(payload, text),
    });
    if (!asked.ok) return void kit.abort(round, `the reply was ${asked.reason}`, EXPLORER);
    if (!record(kit, round, session.step(asked.action), settings.maxTurns)) return;
  }
}
