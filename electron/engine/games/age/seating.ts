/**
 * Who sits where in an AGE conversation. Seats `p1`…`pN` (N the two group sizes together) are fixed
 * for a run, each held by one of the run's models (seat k by model k, cycling when the run names
 * fewer models than seats), so every seat is its model's leaderboard row. Each episode then draws,
 * from its seed, the speaking order (the paper's "random order at the beginning", §3.2) and which
 * seats form each group; the word of seat p1's group alternates by repetition (a on odd, b on even),
 * so over an even number of repetitions p1's model holds each word equally often: the paper's
 * "3 for word A and 3 for word B" (§4.2), with p1 the model and p2 the baseline.
 */
import { UserError } from '../../errors';
import type { InstanceRow, SeatDraw, SeatPlan } from '../../core/game';
import { sampleWithoutReplacement, seededRandom } from '../../core/seeds';
import { agePair } from './scoring';
import type { AgeSettings } from './settings';

export const AGE_ROLE = 'player';

export function ageSeats(instance: InstanceRow, settings: Pick<AgeSettings, 'groups'>, draw: SeatDraw): SeatPlan[] {
  const pair = agePair(instance.payload);
  const [first, second] = settings.groups;
  const n = first + second;
  const models = draw.members[AGE_ROLE] ?? 1;
  if (models > n) throw new UserError(`AGE seats ${n} players (groups ${first} + ${second}) but the run names ${models} models: set the groups to seat them all (e.g. ${Math.ceil(models / 2)} + ${Math.floor(models / 2)}).`);
  const seats = Array.from({ length: n }, (_, k) => `p${k + 1}`);
  const random = seededRandom(draw.seed);
  const order = sampleWithoutReplacement(seats, n, random);
  const inFirst = new Set(sampleWithoutReplacement(seats, first, random));
  const groupOfP1 = inFirst.has('p1') ? 1 : 2;
  const p1Word = draw.repetition % 2 === 1 ? pair.a : pair.b;
  const otherWord = p1Word === pair.a ? pair.b : pair.a;
  return seats.map((seat, k) => {
    const group = inFirst.has(seat) ? 1 : 2;
    return { seat, role: AGE_ROLE, member: k % models, given: { word: group === groupOfP1 ? p1Word : otherWord, group, order: order.indexOf(seat) + 1 } };
  });
}
