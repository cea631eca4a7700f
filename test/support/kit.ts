/**
 * A turn kit for driving a game master without the runner, as the game tests do: every call is answered
 * by `answer` from what the seat was sent; every image the game names gets a stand-in `media:` reference
 * (the sha256 of its name), and an image the game did not name in `images.of` is a bug the test shows.
 */
import { createHash } from 'node:crypto';
import type { EventRecord } from '../../electron/engine/core/events';
import { firstDraw, type Game, type InstanceRow, type ScoreResult } from '../../electron/engine/core/game';
import { TurnKit } from '../../electron/engine/core/turn-kit';
import type { ChatMessage } from '../../electron/engine/players/types';
// The bundled games' provisions (their images) are recorded when the registry loads them.
import '../../electron/engine/games/registry';
import { capabilityOf } from '../../electron/engine/core/capability';

export const stubRef = (name: string): string => `media:${createHash('sha256').update(name).digest('hex')}`;

export function testKit(options: {
  answer: (seat: string, messages: readonly ChatMessage[]) => string;
  /** The images the game may show (its `images.of` for the instance); absent: a text game, which shows none. */
  images?: Iterable<string>;
  prior?: readonly EventRecord[];
  seed?: number;
  onEvent?: (event: EventRecord) => void;
}): TurnKit {
  const named = options.images ? new Set(options.images) : null;
  return new TurnKit(
    {
      call: async (seat, _round, request) => ({ text: options.answer(seat, request.messages), inputTokens: null, outputTokens: null, latencyMs: 0, callId: null }),
      append: (event) => options.onEvent?.(event),
      putMedia: () => 'media:none',
      image: (name) => {
        if (!named) throw new Error(`no image ${name} in a text game`);
        if (!named.has(name)) throw new Error(`${name} is not one of the images its images.of() names`);
        return { ref: stubRef(name), mime: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
      },
      humanSeats: new Set(),
      seed: options.seed ?? 0,
    },
    options.prior ?? [],
  );
}

/** Thrown by a test's player to stop an episode midway (as a killed process would). */
export class CutOff extends Error {}

/**
 * Plays one episode of a game with the test kit: each call answered by `reply` and recorded; a reply
 * may throw CutOff to stop the episode where a killed process would. Images: the game's `images.of`.
 */
export async function playWithKit<S>(
  game: Game<S>,
  instance: InstanceRow,
  settings: S,
  reply: (seat: string, messages: readonly ChatMessage[]) => string,
  options: { prior?: readonly EventRecord[]; datasetKind?: string } = {},
): Promise<{ events: EventRecord[]; calls: { seat: string; messages: ChatMessage[] }[] }> {
  const calls: { seat: string; messages: ChatMessage[] }[] = [];
  const prior = options.prior ?? [];
  const kit = testKit({
    answer: (seat, messages) => {
      calls.push({ seat, messages: [...messages] });
      return reply(seat, messages);
    },
    images: capabilityOf(game, 'images')?.of(instance, settings),
    prior,
  });
  const seats = game.seats(instance, settings, firstDraw(game)).map((s) => ({ ...s, player: 'test', human: false }));
  try {
    await game.play({ episode: { id: 1, repetition: 0, seed: 0 }, instance, datasetKind: options.datasetKind ?? game.id, settings, seats, prior, kit, signal: new AbortController().signal });
  } catch (error) {
    if (!(error instanceof CutOff)) throw error;
  }
  return { events: kit.events, calls };
}

/** A game's score of an episode as tests read it: episode-level scores by metric, seat scores by seat and metric. */
export function scoresByLevel(result: ScoreResult): { outcome: ScoreResult['outcome']; episode: Record<string, number>; seat: Record<string, Record<string, number>> } {
  const episode: Record<string, number> = {};
  const seat: Record<string, Record<string, number>> = {};
  for (const s of result.scores) {
    if (s.seat) (seat[s.seat] ??= {})[s.metric] = s.value;
    else episode[s.metric] = s.value;
  }
  return { outcome: result.outcome, episode, seat };
}

type Drive = (instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, prior?: readonly EventRecord[]) => Promise<{ events: EventRecord[]; calls: { seat: string; messages: ChatMessage[] }[] }>;

/** An episode played whole, and played again cut off after `cutAfter` replies (as a killed process) then resumed from the cut's events. */
export async function wholeAndResumed(drive: Drive, instance: InstanceRow, answer: (seat: string, messages: readonly ChatMessage[]) => string, cutAfter: number) {
  const whole = await drive(instance, answer);
  let budget = cutAfter;
  const cut = await drive(instance, (seat, messages) => {
    if (budget-- === 0) throw new CutOff('killed');
    return answer(seat, messages);
  });
  const resumed = await drive(instance, answer, cut.events);
  return { whole, resumed };
}
