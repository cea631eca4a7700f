import { setMaxListeners } from 'node:events';
import { mediaRef, mediaSha } from '../../../shared/contract/content';
import { capabilityOf } from '../core/capability';
import type { CallRef } from '../core/events';
import type { Game, ScoreResult, SeatInfo } from '../core/game';
import { TurnKit, type SeatReply } from '../core/turn-kit';
import { describeError } from '../errors';
import { fitForProvider } from '../capabilities/images/fit-images';
import type { CallAttempt, CallSite as PlayerCallSite, ChatMessage, ChatModel, ChatRequest, ImageData } from '../players/types';
import type { EpisodeRow, Store } from '../store/store';

type CallRequest = Pick<ChatRequest, 'messages' | 'temperature' | 'maxTokens' | 'seed'>;

/** Where a call is made; `kind` names a probe (a call outside the game), game calls have none. */
export type CallSite = PlayerCallSite & { kind?: string };
export type RecordCall = (site: CallSite, attempt: CallAttempt) => CallRef;

/** The role a call is stored under: the seat, or `seat:kind` for a probe (so costs and replays keep them apart). */
export const callRole = (site: CallSite): string => (site.kind ? `${site.seat}:${site.kind}` : site.seat);

/** The `media:` references of a request's image parts. */
function imageRefs(messages: readonly ChatMessage[]): string[] {
  const refs: string[] = [];
  for (const m of messages) if (typeof m.content !== 'string') for (const p of m.content) if (p.type === 'image') refs.push(p.ref);
  return refs;
}

/**
 * Plays one stored episode with the given players (one per seat): the game master continues after the
 * events already committed, every call attempt goes through `record`, every event is appended as it
 * happens. Returns the game's score of the finished episode. Shared by the batch runner and by human
 * play sessions, so both follow the same rules.
 */
export async function playStoredEpisode(
  store: Store,
  episode: EpisodeRow,
  game: Game<unknown>,
  settings: unknown,
  players: Record<string, ChatModel>,
  record: RecordCall,
  signal: AbortSignal,
  /** An imported log's images nobody has: what to show instead (a real run found them all before it started). */
  missingImage?: (name: string) => { ref: string; mime: string },
  /** A last-turn swap plays no round after this one. */
  untilRound?: number,
): Promise<ScoreResult> {
  const episodeId = episode.id;
  store.episodes.start(episodeId);
  // Each episode gets its own signal: the SDK adds a listener per call, and thousands of listeners
  // on one shared signal make every add and remove slow.
  const local = new AbortController();
  setMaxListeners(0, local.signal);
  const forward = () => local.abort();
  signal.addEventListener('abort', forward, { once: true });
  if (signal.aborted) local.abort();
  const seats: SeatInfo[] = episode.seats.map((s) => ({ seat: s.seat, role: s.role, player: s.player, human: s.playerKind === 'human', ...(s.given ? { given: s.given } : {}) }));
  const images = new Map<string, ImageData>();
  let prior: Set<string> | undefined;
  const callSeat = async (seat: string, round: number, request: CallRequest, kind?: string): Promise<SeatReply> => {
    const player = players[seat];
    if (!player) throw new Error(`${game.id}: no player sits in seat "${seat}".`);
    const fitted = player.imageLimits ? await fitForProvider(store, request.messages, player.imageLimits) : request.messages;
    const refs = imageRefs(fitted);
    for (const ref of refs) {
      if (images.has(ref)) continue;
      const blob = store.media.get(mediaSha(ref));
      images.set(ref, { mime: blob.mime, base64: blob.bytes.toString('base64') });
    }
    let callId: CallRef | null = null;
    const site: CallSite = { episodeId, seat, round, ...(kind ? { kind } : {}) };
    const result = await player.complete(refs.length ? { ...request, messages: fitted, images } : request, {
      signal: local.signal,
      round,
      site,
      onAttempt: (attempt) => {
        callId = record(site, attempt);
      },
    });
    return { ...result, callId };
  };
  const kit = new TurnKit(
    {
      call: (seat, round, request) => callSeat(seat, round, request),
      aside: async (seat, round, kind, request) => {
        try {
          return await callSeat(seat, round, request, kind);
        } catch (error) {
          if (local.signal.aborted) throw error;
          return { failed: describeError(error) };
        }
      },
      recordProbe: (probe) => store.probes.append(episodeId, probe),
      probedBefore: (seat, round, kind) => {
        // Read once, at the first probe: a game that never probes never queries the table.
        prior ??= new Set(store.probes.list(episodeId).map((p) => `${p.seat}|${p.round}|${p.kind}`));
        return prior.has(`${seat}|${round}|${kind}`);
      },
      append: (event) => store.events.append(episodeId, event),
      putMedia: (bytes, mime) => mediaRef(store.media.put(bytes, mime)),
      image: (name) => {
        // Only a game that provides images has them found before its runs: another's would be a guess at what is stored.
        if (!capabilityOf(game, 'images')) throw new Error(`${game.id} asked for the image "${name}", but it provides no images (capabilities/images.ts in its folder): a game without them shows no images.`);
        const found = store.media.named(name);
        if (!found && missingImage) return missingImage(name);
        // The run's image check stored every image the game names before any episode started.
        if (!found) throw new Error(`${game.id} asked for the image "${name}", which its images.of() did not name: the run's image check never looked for it.`);
        return { ref: mediaRef(found.sha), mime: found.mime };
      },
      humanSeats: new Set(seats.filter((s) => s.human).map((s) => s.seat)),
      seed: episode.seed,
    },
    store.events.list(episodeId),
  );
  try {
    await game.play({
      episode: { id: episodeId, repetition: episode.repetition, seed: episode.seed },
      instance: episode.instance,
      datasetKind: episode.datasetKind,
      settings,
      seats,
      prior: [...kit.events],
      kit,
      signal: local.signal,
      ...(untilRound !== undefined ? { untilRound } : {}),
    });
    return game.score({ events: kit.events, instance: episode.instance, settings, seats });
  } finally {
    signal.removeEventListener('abort', forward);
  }
}
