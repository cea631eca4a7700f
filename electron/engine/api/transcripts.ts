import type { EpisodeNeighbours, EventView, HintView, TranscriptView, TurnStats } from '../../../shared/api/contract';
import type { EventRow } from '../core/events';
import { planOfRun } from '../core/run-plan';

import { capabilityOf } from '../core/capability';
import type { CallRow } from '../store/models';
import type { EpisodeRow, Store } from '../store/store';
import { episodeView, eventView } from './views';

/**
 * One episode as the transcript views show it: episode, run settings, events (each reply with its
 * tokens and time; a person's marked as typed by them, without a model call to open), where it sits in
 * its run, and for a person's game whether it was hinted and the hints at the round each was asked.
 */
export function openTranscript(store: Store, episodeId: number, episode: EpisodeRow = store.episodes.get(episodeId)): TranscriptView {
  const { game, settings } = planOfRun(store.runs.get(episode.runId));
  const events = store.events.list(episodeId);
  const people = new Map(episode.seats.filter((s) => s.playerKind === 'human').map((s) => [s.seat, s.player.replace(/^human:/, '')]));
  const hints = people.size ? hintsOf(store.models.calls(episodeId)) : [];
  const probes = store.probes.list(episodeId).map(({ round, seat, kind, text, result, error }) => ({ round, seat, kind, text, result, error }));
  return {
    episode: episodeView(episode, game),
    settings,
    events: events.map((e) => turnView(e, people)),
    marks: capabilityOf(game, 'marks')?.(events) ?? [],
    hinted: hints.length > 0,
    hints,
    neighbours: neighboursOf(store.episodes.ids(episode.runId, ['pending', 'running', 'done', 'error']), episodeId),
    ...(probes.length ? { probes } : {}),
  };
}

/** A person's reply carries no model call (its stored attempt is only the shape of the record). */
export function turnView(e: EventRow, people: ReadonlyMap<string, string>): EventView {
  const view = eventView(e);
  const person = e.from === null ? undefined : people.get(e.from);
  if (person !== undefined) return { ...view, callId: null, turn: null, typedBy: person };
  return { ...view, turn: turnStats(e), typedBy: null };
}

/** Tokens in and out and the time of the call behind a reply; null where the event had no call. */
export function turnStats(e: Pick<EventRow, 'callId' | 'inputTokens' | 'outputTokens' | 'latencyMs'>): TurnStats | null {
  if (e.callId === null && e.latencyMs === null && e.inputTokens === null && e.outputTokens === null) return null;
  const tokens = e.inputTokens === null && e.outputTokens === null ? null : (e.inputTokens ?? 0) + (e.outputTokens ?? 0);
  return { tokens, latencyMs: e.latencyMs };
}

/** The hints asked in an episode (successful `hint` calls), in the order asked. */
export function hintsOf(calls: readonly CallRow[]): HintView[] {
  return calls
    .filter((c) => c.role === 'hint' && c.status === 'ok')
    .map((c) => ({ round: c.round ?? 0, model: modelOfRequest(c.request), text: replyText(c.response).trim() }));
}

/** The text of a stored response, whichever shape its provider gave it. */
export function replyText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (!response || typeof response !== 'object') return '';
  const r = response as Record<string, unknown>;
  if (typeof r.text === 'string') return r.text;
  const choice = Array.isArray(r.choices) ? (r.choices[0] as Record<string, unknown> | undefined) : undefined;
  const message = choice?.message as Record<string, unknown> | undefined;
  if (typeof message?.content === 'string') return message.content;
  if (Array.isArray(r.content)) return r.content.map((p: unknown) => (p && typeof p === 'object' && typeof (p as Record<string, unknown>).text === 'string' ? (p as Record<string, string>).text : '')).join('');
  return '';
}

function modelOfRequest(request: unknown): string {
  const model = request && typeof request === 'object' ? (request as Record<string, unknown>).model : undefined;
  return typeof model === 'string' ? model : 'hint model';
}

/** The episodes before and after one in its run's order. */
export function neighboursOf(ids: readonly number[], episodeId: number): EpisodeNeighbours {
  const at = ids.indexOf(episodeId);
  if (at < 0) return { previous: null, next: null, position: 0, total: ids.length };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, position: at + 1, total: ids.length };
}
