/**
 * A run that continues copied episodes for one round (a last-turn swap, config `lastTurn`): each
 * episode stops after the round its source episode's last move was in. The game's cut of an episode
 * says which round that is (its `last-move` capability); the runner only stops there.
 */
import type { EventRecord } from '../core/events';
import type { Store } from '../store/store';

/** Where a game cuts an episode before a seat's last move: that move's round, or null when it never moved. */
export type LastMoveCut = (events: readonly EventRecord[]) => { round: number } | null;

/** For a swap run (`lastTurn` set), the round each episode stops after: its source episode's last move. */
export function swapRounds(store: Store, runId: number, lastTurn: { run: number } | undefined, cut: LastMoveCut | undefined): Map<number, number> {
  const rounds = new Map<number, number>();
  if (!lastTurn || !cut) return rounds;
  const source = new Map(store.episodes.list(lastTurn.run).map((e) => [`${e.instance.id}/${e.repetition}`, e.id]));
  for (const episode of store.episodes.list(runId)) {
    const from = source.get(`${episode.instance.id}/${episode.repetition}`);
    const round = from === undefined ? null : cut(store.events.list(from))?.round;
    if (round) rounds.set(episode.id, round);
  }
  return rounds;
}
