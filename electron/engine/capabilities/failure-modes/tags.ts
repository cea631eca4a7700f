/**
 * Failure-mode tags of chosen runs, for any game that provides `failure-modes`: the rules'
 * tags (computed from the events, under the given thresholds), an LLM tagger's stored suggestions and
 * people's reviews merged per move and mode; and per model and mode, the share of games with a
 * counted tag (Wilson 95%) and tags per game (t 95%). A tag counts unless its last review rejected it.
 */
import type { FailureCount, FailureTagView, FailureTagsView } from '../../../../shared/api/capabilities/failure-modes';
import { planOfRun } from '../../core/run-plan';
import { meanInterval } from '../../stats/intervals';
import { wilson } from '../../stats/proportions';
import { capabilityOf } from '../../core/capability';
import type { EventRecord } from '../../core/events';
import { UserError } from '../../errors';

import type { Store } from '../../store/store';
import type { DetectedTag, FailureModeHooks } from './provision';
import { failureTagStore } from './store';

export interface FailureTagsOptions {
  /** Suggestion sources to count: `rules` and/or `llm:<model>`; `rules` by default. */
  sources?: readonly string[];
  rules?: Record<string, number>;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Each round's move by the seat and the reply to it, for reading a tag in context. */
function movesOf(events: readonly EventRecord[], seat: string): Map<number, { move: string; reply: string }> {
  const moves = new Map<number, { move: string; reply: string }>();
  for (const e of events) {
    if (e.kind === 'prompt' || e.text === null) continue;
    const m = moves.get(e.round) ?? { move: '', reply: '' };
    if (e.from === seat && !m.move) m.move = e.text;
    else if (e.from !== seat && m.move && !m.reply) m.reply = e.text;
    moves.set(e.round, m);
  }
  return moves;
}

/** Pure: counts per player and mode from the counted tags of each game. */
export function failureCounts(games: readonly { player: string; episodeId: number }[], counted: readonly { episodeId: number; mode: string }[], modes: readonly string[]): FailureCount[] {
  const players = [...new Set(games.map((g) => g.player))].sort();
  const tally = new Map<string, number>();
  for (const t of counted) tally.set(`${t.episodeId}/${t.mode}`, (tally.get(`${t.episodeId}/${t.mode}`) ?? 0) + 1);
  return players.flatMap((player) => {
    const ids = games.filter((g) => g.player === player).map((g) => g.episodeId);
    return modes.map((mode) => {
      const perGame = ids.map((id) => tally.get(`${id}/${mode}`) ?? 0);
      const n = perGame.length;
      const tagged = perGame.filter((k) => k > 0).length;
      const share = wilson(tagged, n);
      const sum = perGame.reduce((a, b) => a + b, 0);
      const spread = meanInterval(sum, perGame.reduce((a, b) => a + b * b, 0), n);
      return { player, mode, games: n, tagged, rate: share.rate, low: share.low, high: share.high, perGame: n ? sum / n : null, perGameLow: spread.low, perGameHigh: spread.high };
    });
  });
}

export function failureTagsView(store: Store, runIds: readonly number[], options: FailureTagsOptions = {}): FailureTagsView {
  if (runIds.length === 0) throw new UserError('Choose at least one run.');
  const counted = new Set(options.sources?.length ? options.sources : ['rules']);
  let hooks: FailureModeHooks | null = null;
  let rules: Record<string, number> = {};
  const tags: FailureTagView[] = [];
  const games: { player: string; episodeId: number }[] = [];
  const available = new Set<string>(['rules']);
  const tagStore = store.module(failureTagStore);
  for (const runId of runIds) {
    const run = store.runs.get(runId);
    const { game, settings } = planOfRun(run);
    const provided = capabilityOf(game, 'failure-modes');
    if (!provided) throw new UserError(`Run ${runId} plays ${game.shortTitle}, which has no failure-mode tags.`);
    if (hooks && hooks !== provided) throw new UserError(`Run ${runId} plays another game than run ${runIds[0]}: count failure modes of one game at a time.`);
    hooks = provided;
    rules = hooks.rules(options.rules ?? {});
    const stored = groupBy(tagStore.forRun(runId), (t) => t.episodeId);
    for (const list of stored.values()) for (const t of list) available.add(t.source);
    const reviews = groupBy(tagStore.reviewsForRun(runId), (r) => r.episodeId);
    for (const episode of store.episodes.list(runId)) {
      if (episode.status !== 'done' || episode.invalid !== null) continue;
      const player = episode.seats.find((s) => s.seat === hooks!.seat)?.player ?? hooks.seat;
      games.push({ player, episodeId: episode.id });
      const events = store.events.list(episode.id);
      const found: (DetectedTag & { source: string })[] = [
        ...(counted.has('rules') ? hooks.detect({ events, instance: episode.instance, datasetKind: episode.datasetKind, settings, rules }).map((t) => ({ ...t, source: 'rules' })) : []),
        ...(stored.get(episode.id) ?? []).filter((t) => counted.has(t.source)).map((t) => ({ mode: t.mode, round: t.round, related: [], rule: 'llm', reason: t.reason, source: t.source })),
      ];
      const mine = reviews.get(episode.id) ?? [];
      const keys = new Map<string, { round: number; mode: string }>();
      for (const t of [...found, ...mine]) keys.set(`${t.round}/${t.mode}`, { round: t.round, mode: t.mode });
      if (keys.size === 0) continue;
      const moves = movesOf(events, hooks.seat);
      for (const { round, mode } of keys.values()) {
        const here = found.filter((t) => t.round === round && t.mode === mode);
        const said = mine.filter((r) => r.round === round && r.mode === mode);
        const related = [...new Set(here.flatMap((t) => t.related))].sort((a, b) => a - b);
        const last = said.reduce<(typeof said)[number] | null>((a, b) => (!a || b.createdAt >= a.createdAt ? b : a), null);
        tags.push({
          episodeId: episode.id, runId, instance: episode.instance.name, repetition: episode.repetition, player, round, mode,
          sources: [...new Set([...here.map((t) => t.source), ...(said.some((r) => r.verdict === 'added') ? ['person'] : [])])],
          reasons: here.map((t) => t.reason),
          related,
          // The turns in the order they were played (related turns may come before or after the tagged one).
          context: [...new Set([...related, round])].sort((a, b) => a - b).map((r) => ({ round: r, ...(moves.get(r) ?? { move: '', reply: '' }) })),
          reviews: said.map(({ reviewer, verdict, note }) => ({ reviewer, verdict, note })),
          status: last ? last.verdict : 'suggested',
        });
      }
    }
  }
  const modes = hooks!.modes.map((m) => m.id);
  tags.sort((a, b) => a.episodeId - b.episodeId || a.round - b.round || modes.indexOf(a.mode) - modes.indexOf(b.mode));
  const countedTags = tags.filter((t) => t.status !== 'rejected' && (t.status !== 'suggested' || t.sources.length > 0));
  return {
    seat: hooks!.seat,
    modes: hooks!.modes.map((m) => ({ ...m })),
    rules,
    counted: [...counted],
    available: [...available].sort(),
    counts: failureCounts(games, countedTags, modes),
    tags,
    reviewed: tags.filter((t) => t.reviews.length > 0).length,
  };
}

/** Stores a person's verdict on a tag, after checking the mode and the move exist; `null` clears it. */
export function reviewFailureTag(store: Store, input: { episodeId: number; round: number; mode: string; reviewer: string; verdict: 'confirmed' | 'rejected' | 'added' | null; note?: string | null }): void {
  const episode = store.episodes.get(input.episodeId);
  const { game } = planOfRun(store.runs.get(episode.runId));
  const hooks = capabilityOf(game, 'failure-modes');
  if (!hooks) throw new UserError(`${game.shortTitle} has no failure-mode tags.`);
  if (!hooks.modes.some((m) => m.id === input.mode)) throw new UserError(`"${input.mode}" is not a failure mode of ${game.shortTitle}; its modes are ${hooks.modes.map((m) => m.id).join(', ')}.`);
  const rounds = hooks.rounds(store.events.list(episode.id));
  if (!rounds.includes(input.round)) throw new UserError(`Episode ${episode.id} has no turn ${input.round}; its turns are 1–${rounds.length}.`);
  store.module(failureTagStore).review(episode.id, input.round, input.mode, input.reviewer, input.verdict, input.note ?? null);
}
