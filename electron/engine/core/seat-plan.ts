/** Who sits where: a run's seats and each episode's, from the game's seats and the players of each role. */
import type { Game, InstanceRow } from './game';

/** An episode to seat: its instance, repetition and seed. */
export interface EpisodeDraw {
  instance: InstanceRow;
  repetition: number;
  seed: number;
}

export interface PlannedSeat {
  seat: string;
  role: string;
  member: number;
  playerId: number;
  given?: Record<string, unknown>;
}

/**
 * Who sits where in each episode: a seat's player is its role's model (the member-th of a role
 * several models fill). A seat keeps its role and player within a run, so the run's seats name who
 * played; what changes per episode (AGE's speaking order and words) is in what the seat is given.
 */
export function seatPlan(game: Game<unknown>, settings: unknown, episodes: readonly EpisodeDraw[], players: Readonly<Record<string, readonly number[]>>): { seats: PlannedSeat[]; byEpisode: PlannedSeat[][] } {
  const members = Object.fromEntries(Object.entries(players).map(([role, ids]) => [role, ids.length]));
  const runSeats = new Map<string, PlannedSeat>();
  const byEpisode = episodes.map(({ instance, repetition, seed }) =>
    game.seats(instance, settings, { seed, repetition, members }).map((s) => {
      const member = s.member ?? 0;
      const playerId = players[s.role]?.[member];
      if (playerId === undefined) throw new Error(`${game.id}: seat ${s.seat} asks for model ${member + 1} of the ${s.role}, but the run names ${members[s.role] ?? 0}.`);
      const known = runSeats.get(s.seat);
      if (known && known.role !== s.role) throw new Error(`${game.id}: seat ${s.seat} has role ${known.role} in one episode and ${s.role} in another; a seat keeps its role within a run.`);
      if (known && known.member !== member) throw new Error(`${game.id}: seat ${s.seat} is held by model ${known.member + 1} in one episode and ${member + 1} in another; a seat keeps its player within a run.`);
      const planned: PlannedSeat = { seat: s.seat, role: s.role, member, playerId, ...(s.given ? { given: s.given } : {}) };
      if (!known) runSeats.set(s.seat, { seat: s.seat, role: s.role, member, playerId });
      return planned;
    }),
  );
  return { seats: [...runSeats.values()], byEpisode };
}
