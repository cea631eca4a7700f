import { setMaxListeners } from 'node:events';
import type { EpisodeContext, EpisodeResult, GamePlugin } from '../games/types';
import type { CallAttempt, ChatModel, ChatRequest } from '../players/types';
import type { CallRef, EpisodeRow, Store } from '../store/store';

export type RecordCall = (site: { episodeId: number; turnIdx: number; role: string }, attempt: CallAttempt) => CallRef;

/**
 * Plays one stored episode with the given players: the game continues after the turns already
 * committed, every call attempt goes through `record`, every turn is committed as it ends. Shared
 * by the batch runner and by human play sessions, so both follow the same rules.
 */
export async function playStoredEpisode(
  store: Store,
  episode: EpisodeRow,
  game: GamePlugin<unknown>,
  settings: unknown,
  models: Record<string, ChatModel>,
  record: RecordCall,
  signal: AbortSignal,
): Promise<EpisodeResult> {
  const episodeId = episode.id;
  store.startEpisode(episodeId);
  // Each episode gets its own signal: the SDK adds a listener per call, and thousands of listeners
  // on one shared signal make every add and remove slow.
  const local = new AbortController();
  setMaxListeners(0, local.signal);
  const forward = () => local.abort();
  signal.addEventListener('abort', forward, { once: true });
  if (signal.aborted) local.abort();
  const ctx: EpisodeContext = {
    episodeId,
    entity: { name: episode.entity, line: episode.entityLine, aliases: episode.aliases },
    datasetKind: episode.datasetKind,
    repetition: episode.repetition,
    seed: episode.seed,
    priorTurns: store.getTurns(episodeId),
    signal: local.signal,
    call: async (role: string, turnIdx: number, request: ChatRequest) => {
      let callId: CallRef | null = null;
      const result = await models[role]!.complete(request, {
        signal: local.signal,
        onAttempt: (attempt) => {
          callId = record({ episodeId, turnIdx, role }, attempt);
        },
      });
      return { ...result, callId };
    },
    commitTurn: (turn) => store.commitTurn({ ...turn, episodeId }),
  };
  try {
    return await game.play(ctx, settings);
  } finally {
    signal.removeEventListener('abort', forward);
  }
}
