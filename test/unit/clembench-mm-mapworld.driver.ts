/**
 * Test driver for the multimodal MapWorld games: plays an instance with scripted or built-in replies
 * through a fake TurnKit whose images are `media:<sha256 of the name>`, and replays the published
 * fixture episodes (read with the text MapWorld driver's reader).
 */
import { createHash } from 'node:crypto';
import type { ContentPart } from '../../shared/contract/content';
import type { EventRecord } from '../../electron/engine/core/events';
import type { Game, InstanceInput, InstanceRow } from '../../electron/engine/core/game';
import { TurnKit } from '../../electron/engine/core/turn-kit';
import { clemReplies, type ClemAdapter } from '../../electron/engine/games/clembench/adapter';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import type { ChatMessage } from '../../electron/engine/players/types';
import { row, type FixtureEpisode } from './clembench-textmapworld.driver';

export { fixtureEpisodes, logged, row } from './clembench-textmapworld.driver';

export const sha = (name: string) => createHash('sha256').update(name).digest('hex');

export interface Played {
  events: EventRecord[];
  /** The messages of every call, in order. */
  requests: ChatMessage[][];
}

/** Plays one episode; `reply` answers each call from the messages the seat was sent. */
export async function play(game: Game<MapSettings>, instance: InstanceRow, reply: (messages: readonly ChatMessage[], n: number) => string, prior: EventRecord[] = [], settings = game.parseSettings({})): Promise<Played> {
  const events: EventRecord[] = [...prior];
  const requests: ChatMessage[][] = [];
  const known = new Set(game.images!.of(instance, settings));
  const kit = new TurnKit(
    {
      call: async (_seat, _round, request) => {
        requests.push(request.messages);
        return { text: reply(request.messages, requests.length - 1), inputTokens: null, outputTokens: null, latencyMs: 0, callId: null };
      },
      append: (event) => events.push(event),
      putMedia: () => 'media:none',
      image: (name) => {
        // The core finds every image `images.of` names before a run: anything else is a bug.
        if (!known.has(name)) throw new Error(`${name} is not among the images of ${instance.key}`);
        return { ref: `media:${sha(name)}`, mime: 'image/jpeg' };
      },
      humanSeats: new Set(),
      seed: 0,
    },
    prior,
  );
  await game.play({
    episode: { id: 1, repetition: 0, seed: 0 },
    instance,
    datasetKind: 'v1.6',
    settings,
    seats: [{ seat: 'explorer', role: 'explorer', player: 'test', human: false }],
    prior,
    kit,
    signal: new AbortController().signal,
  });
  return { events, requests };
}

/** Replays a logged episode through the game's own master with the logged replies. */
export async function replay(game: Game<MapSettings>, adapter: ClemAdapter, ep: FixtureEpisode): Promise<Played & { input: InstanceInput }> {
  const input = adapter.instanceFrom(ep.instance, { name: ep.experiment });
  const replies = clemReplies(ep.turns, adapter.seats).explorer ?? [];
  const played = await play(game, row(input), (_m, n) => {
    if (n >= replies.length) throw new Error(`${ep.path}: the master asked for reply ${n + 1} of ${replies.length}`);
    return replies[n]!;
  });
  if (played.requests.length !== replies.length) throw new Error(`${ep.path}: ${played.requests.length} calls for ${replies.length} logged replies`);
  return { ...played, input };
}

/** A message as the test reads it: its text and the names (by hash) of the images it carries. */
export function shapeOf(m: ChatMessage, names: readonly string[]): { role: string; text: string; images: string[] } {
  const parts: readonly ContentPart[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  const byRef = new Map(names.map((n) => [`media:${sha(n)}`, n]));
  return {
    role: m.role,
    text: parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    images: parts.flatMap((p) => (p.type === 'image' ? [byRef.get(p.ref) ?? p.ref] : [])),
  };
}
