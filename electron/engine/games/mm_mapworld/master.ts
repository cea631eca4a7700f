/**
 * The game master of the multimodal MapWorld games: each round the walker answers the describer's
 * message (its text and the current room's image); a move gets the describer's next message, DONE
 * ends the episode, a malformed reply gets one correction where the instance allows it and aborts
 * otherwise; after the round limit (20 rounds, a DONE in the last one included) the reference aborts.
 */
import { actionOf, type EventRecord } from '../../core/events';
import type { EpisodeContext } from '../../core/game';
import type { TurnKit } from '../../core/turn-kit';
import { EXPLORER } from '../textmapworld/master';
import type { MapSettings } from '../textmapworld/settings';
import { mmPayload } from './instance';
import { readReply } from './rules';
import { MmSession, type Step } from './session';

export { EXPLORER };

/** Records what a step decided; returns whether the episode goes on. */
function record(kit: TurnKit, round: number, step: Step, maxTurns: number): boolean {
  if (step.kind === 'abort') {
    kit.abort(round, `the reply was ${step.reason}`, EXPLORER);
    return false;
  }
  const { note } = step;
  kit.note({ round, to: EXPLORER, text: step.kind === 'stop' ? 'DONE' : (note.sent ?? ''), action: note });
  if (note.limit) {
    kit.abort(round, `turn limit (${maxTurns} rounds) reached`, EXPLORER);
    return false;
  }
  return step.kind !== 'stop';
}

const isEnd = (e: EventRecord) => e.kind === 'system' && (actionOf(e).abort !== undefined || actionOf(e).type === 'stop');
const isReply = (e: EventRecord) => e.from === EXPLORER && (e.kind === 'response' || e.kind === 'input');

export async function playMm(ctx: EpisodeContext<MapSettings>): Promise<void> {
  const { kit, settings } = ctx;
  const payload = mmPayload(ctx.instance.payload);
  if (ctx.prior.some(isEnd)) return;
  const session = new MmSession(payload, settings.maxTurns);
  const image = (name: string) => kit.image(name);

  // A resumed episode: replay the recorded replies, then record what the cut-off left undone.
  let round = 1;
  const prior = [...ctx.prior];
  for (const [i, reply] of prior.entries()) {
    if (!isReply(reply)) continue;
    const step = session.step(reply.text ?? '');
    const decided = prior[i + 1]?.kind === 'system';
    if (!decided && !record(kit, reply.round, step, settings.maxTurns)) return;
    // Cut between the last move's note and the round-limit abort.
    if (decided && step.kind === 'answer' && step.note.limit) return void kit.abort(reply.round, `turn limit (${settings.maxTurns} rounds) reached`, EXPLORER);
    round = step.kind === 'reprompt' ? reply.round : reply.round + 1;
  }

  for (;;) {
    const asked = await kit.ask(EXPLORER, {
      round,
      messages: session.messages(image),
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
      parse: (text) => {
        const read = readReply(payload, text);
        return read.ok ? { ok: true, action: read.action } : { ok: false, reason: read.reason };
      },
    });
    const step = session.step(asked.text);
    if (!record(kit, round, step, settings.maxTurns)) return;
    if (step.kind !== 'reprompt') round++;
  }
}
