/**
 * Plays a stored episode again from another harness's log: each seat is a scripted player that gives
 * the logged replies in order, and the game's own master decides everything else (prompts, parsing,
 * reprompts, aborts, the end). The stored episode is Parlor's own record of that game, scored by
 * Parlor's scorer; a master that wants more replies than the log holds ends the episode in error.
 */
import type { Game, ScoreResult } from '../core/game';
import { describeError } from '../errors';
import { ProviderError } from '../players/errors';
import { ScriptedModel } from '../players/scripted';
import type { CallAttempt } from '../players/types';
import type { Store } from '../store/store';
import { callRole, playStoredEpisode, type CallSite } from './episode';

export type LogReplayResult = { status: 'done'; result: ScoreResult; unused: Record<string, number> } | { status: 'error'; message: string };

/** `configIds`: the stored model config of each role's player, for the call log. */
export async function playEpisodeFromLog(
  store: Store,
  runId: number,
  episodeId: number,
  game: Game<unknown>,
  settings: unknown,
  replies: Readonly<Record<string, readonly string[]>>,
  configIds: Readonly<Record<string, number>>,
  missingImage?: (name: string) => { ref: string; mime: string },
): Promise<LogReplayResult> {
  const episode = store.episodes.get(episodeId);
  const used: Record<string, number> = {};
  const players = Object.fromEntries(
    episode.seats.map((s) => {
      const lines = replies[s.seat] ?? [];
      const model = new ScriptedModel(s.player, (_request, i) => {
        used[s.seat] = i + 1;
        return lines[i] ?? new ProviderError('internal', `The log holds ${lines.length} repl${lines.length === 1 ? 'y' : 'ies'} of the ${s.seat}, and Parlor's game master asked for another: the logged game ended earlier than Parlor's rules end it.`);
      });
      return [s.seat, model];
    }),
  );
  const roleOf = Object.fromEntries(episode.seats.map((s) => [s.seat, s.role]));
  try {
    const record = (site: CallSite, attempt: CallAttempt) =>
      store.models.recordCall({ ...attempt, episodeId: site.episodeId, round: site.round, role: callRole(site), runId, modelConfigId: configIds[roleOf[site.seat]!]! });
    const result = await playStoredEpisode(store, episode, game, settings, players, record, new AbortController().signal, missingImage);
    store.episodes.finish(episodeId, result.outcome, result.scores);
    const unused = Object.fromEntries(Object.entries(replies).map(([seat, lines]) => [seat, lines.length - (used[seat] ?? 0)]).filter(([, n]) => Number(n) > 0));
    return { status: 'done', result, unused };
  } catch (error) {
    const failure = error instanceof ProviderError ? error : new ProviderError('internal', describeError(error));
    store.episodes.fail(episodeId, failure.kind, failure.message);
    return { status: 'error', message: failure.message };
  }
}
