import { describe, expect, it } from 'vitest';
import type { EventView, SeatView } from '../../shared/api/contract';
import { ageEpisodeOf, roundsOf, seatsOf } from '../../renderer/src/games/age/episode';

let idx = 0;
const ev = (e: Partial<EventView> & Pick<EventView, 'kind'>): EventView => {
  idx += 1;
  return { id: idx, idx, round: 1, from: null, to: null, text: null, parts: null, action: null, valid: null, flags: [], callId: null, ...e };
};
const prompt = (to: string, round: number, text = `prompt for ${to}`) => ev({ kind: 'prompt', to, round, text });
const say = (from: string, round: number, description: string, guess: string | null, correct = false, ownWord = false, flags: string[] = []) =>
  ev({ kind: 'response', from, round, text: `DESCRIPTION: ${description}\nGUESS: ${guess ?? 'none'}`, action: { description, guess, correct, ownWord }, valid: true, flags, callId: idx + 100 });

const SEATING = [
  { seat: 'a1', group: 1, word: 'cake' },
  { seat: 'b1', group: 2, word: 'bread' },
  { seat: 'a2', group: 1, word: 'cake' },
  { seat: 'b2', group: 2, word: 'bread' },
];
const SEATS: SeatView[] = ['a1', 'a2', 'b1', 'b2'].map((seat) => ({ seat, role: 'player', player: `model-${seat}`, kind: 'model' }));

function game(): EventView[] {
  idx = 0;
  return [
    ev({ kind: 'system', text: 'speaking order: …', action: { seating: SEATING } }),
    prompt('a1', 1),
    say('a1', 1, 'Sweet and baked for birthdays.', null),
    prompt('b1', 1),
    ev({ kind: 'response', from: 'b1', round: 1, text: 'It is bread.', valid: false, callId: 7 }),
    ev({ kind: 'reprompt', to: 'b1', round: 1, text: 'Your answer could not be read: no line starts with "DESCRIPTION:".', action: { reason: 'no line starts with "DESCRIPTION:"' } }),
    say('b1', 1, 'Bread is sliced for toast.', 'cake', true, false, ['leak']),
    prompt('a2', 1),
    say('a2', 1, 'Often has frosting.', 'cake', false, true),
    prompt('b2', 1),
    ev({ kind: 'response', from: 'b2', round: 1, text: 'hmm', valid: false }),
    ev({ kind: 'reprompt', to: 'b2', round: 1, text: 'again', action: { reason: 'no line starts with "DESCRIPTION:"' } }),
    ev({ kind: 'response', from: 'b2', round: 1, text: 'hmm again', valid: false }),
    ev({ kind: 'system', to: 'b2', round: 1, text: 'Player 4 gave no valid answer', action: { seat: 'b2', noGuess: 'no line starts with "DESCRIPTION:"', description: null, guess: null, reply: 'hmm again' }, flags: ['no_guess'] }),
    prompt('a1', 2),
    say('a1', 2, 'You eat it at weddings.', 'toast'),
    prompt('b1', 2),
    say('b1', 2, 'Made from flour and yeast.', 'cake', true),
    prompt('a2', 2),
    say('a2', 2, 'Comes in layers.', 'bread', true),
    ev({ kind: 'system', round: 2, text: 'end: both secret words guessed (utterance 7, round 2)', action: { end: 'both_guessed', rounds: 2, utterances: 7 } }),
  ];
}

describe('the AGE transcript reads the events', () => {
  it('takes the seats in speaking order from the seating note, with models and scores', () => {
    const ep = ageEpisodeOf(game(), SEATS, { a1: { comprehension: 0.3, confusion: 0.5, age: 0.375 } });
    // Speaking order, then the run's player number (its place in the run's seats): b1 speaks second but is the third player.
    expect(ep.seats.map((s) => [s.order, s.number, s.seat, s.group, s.word, s.model])).toEqual([
      [1, 1, 'a1', 1, 'cake', 'model-a1'],
      [2, 3, 'b1', 2, 'bread', 'model-b1'],
      [3, 2, 'a2', 1, 'cake', 'model-a2'],
      [4, 4, 'b2', 2, 'bread', 'model-b2'],
    ]);
    expect(ep.seats[0]!.scores).toEqual({ comprehension: 0.3, confusion: 0.5, age: 0.375 });
    expect(ep.seats[1]!.scores).toBeNull();
  });

  it('numbers the turns, keeps guesses, verdicts, leaks, prompts and refused replies', () => {
    const ep = ageEpisodeOf(game(), SEATS);
    expect(ep.turns.map((t) => [t.position, t.order, t.kind, t.guess, t.correct, t.ownWord, t.leak])).toEqual([
      [1, 1, 'utterance', null, false, false, false],
      [2, 2, 'utterance', 'cake', true, false, true],
      [3, 3, 'utterance', 'cake', false, true, false],
      [4, 4, 'no_guess', null, false, false, false],
      [5, 1, 'utterance', 'toast', false, false, false],
      [6, 2, 'utterance', 'cake', true, false, false],
      [7, 3, 'utterance', 'bread', true, false, false],
    ]);
    const [, b1] = ep.turns;
    expect(b1!.prompt).toBe('prompt for b1');
    expect(b1!.retries).toEqual([{ reply: 'It is bread.', callId: 7, reason: 'no line starts with "DESCRIPTION:"', correction: 'Your answer could not be read: no line starts with "DESCRIPTION:".' }]);
    const noGuess = ep.turns[3]!;
    expect(noGuess.noGuess).toBe('no line starts with "DESCRIPTION:"');
    expect(noGuess.retries.map((r) => r.reply)).toEqual(['hmm', 'hmm again']);
    expect(ep.end).toEqual({ kind: 'both_guessed', text: 'end: both secret words guessed (utterance 7, round 2)', round: 2 });
    expect(ep.notes).toEqual([]);
  });

  it('marks only each seat first correct guess', () => {
    const ep = ageEpisodeOf(game(), SEATS);
    expect(ep.turns.filter((t) => t.firstCorrect).map((t) => [t.seat, t.position])).toEqual([
      ['b1', 2],
      ['a2', 7],
    ]);
  });

  it('groups the turns by round', () => {
    const rounds = roundsOf(ageEpisodeOf(game(), SEATS).turns);
    expect(rounds.map((r) => [r.round, r.turns.length])).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it('shows a turn in flight as pending, after the recorded ones', () => {
    const events = game().slice(0, -1);
    events.push(prompt('b2', 2), ev({ kind: 'response', from: 'b2', round: 2, text: 'oops', valid: false }));
    const last = ageEpisodeOf(events, SEATS).turns.at(-1)!;
    expect([last.kind, last.seat, last.position, last.prompt, last.retries.length]).toEqual(['pending', 'b2', null, 'prompt for b2', 1]);
  });

  it('without the seating note, orders the seats by their given order', () => {
    const given: SeatView[] = [
      { seat: 'x', role: 'player', player: 'm1', kind: 'model', given: { word: 'cake', group: 1, order: 2 } },
      { seat: 'y', role: 'player', player: 'm2', kind: 'model', given: { word: 'bread', group: 2, order: 1 } },
    ];
    expect(seatsOf([], given).map((s) => [s.order, s.number, s.seat, s.group, s.word])).toEqual([
      [1, 2, 'y', 2, 'bread'],
      [2, 1, 'x', 1, 'cake'],
    ]);
    // The note wins over the given order.
    idx = 0;
    const note = ev({ kind: 'system', action: { seating: [{ seat: 'x', group: 1, word: 'cake' }, { seat: 'y', group: 2, word: 'bread' }] } });
    expect(seatsOf([note], given).map((s) => s.seat)).toEqual(['x', 'y']);
  });

  it("numbers the players as the run does (the game's p1, p2…), whatever the speaking order", () => {
    idx = 0;
    const note = ev({ kind: 'system', action: { seating: [{ seat: 'p2', group: 1, word: 'cake' }, { seat: 'p1', group: 2, word: 'bread' }] } });
    const seats: SeatView[] = ['p1', 'p2'].map((seat) => ({ seat, role: 'player', player: `model-${seat}`, kind: 'model' }));
    const ep = ageEpisodeOf([note, prompt('p2', 1), say('p2', 1, 'Sweet.', null)], seats);
    expect(ep.seats.map((s) => [s.seat, s.order, s.number, s.model])).toEqual([
      ['p2', 1, 2, 'model-p2'],
      ['p1', 2, 1, 'model-p1'],
    ]);
    expect(ep.turns.map((t) => [t.seat, t.order, t.number])).toEqual([['p2', 1, 2]]);
  });

  it('keeps other game-master notes, and survives an empty record', () => {
    idx = 0;
    const ep = ageEpisodeOf([ev({ kind: 'system', text: 'aborted: x', action: { abort: 'x' } })]);
    expect(ep).toEqual({ seats: [], turns: [], end: null, notes: [{ round: 1, text: 'aborted: x' }] });
  });
});
