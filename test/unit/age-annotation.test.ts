/**
 * AGE guess-matching annotation without a store: people's rulings in the matcher, the label the master
 * writes, what an annotator reads, relabelling, and the rulings a set's accepted labels add.
 */
import { describe, expect, it } from 'vitest';
import { actionOf, type EventRecord, type EventRow } from '../../electron/engine/core/events';
import type { Game } from '../../electron/engine/core/game';
import type { AcceptedLabel } from '../../electron/engine/capabilities/annotation/provision';
import { gameProblems } from '../../electron/engine/core/check-game';
import { ageAnnotation } from '../../electron/engine/games/age/annotation';
import { ageGame } from '../../electron/engine/games/age/game';
import { DEFAULT_MATCH_SETTINGS, isCorrectGuess } from '../../electron/engine/games/age/match';
import { scoreAge } from '../../electron/engine/games/age/scoring';
import { AgeSettingsSchema } from '../../electron/engine/games/age/settings';
import { drive, INSTANCE, say, script, SEATS, seatScores } from './age-game.driver';

/**
 * a1 b1 a2 b2 (cake, bread, cake, bread). a1 guesses "bun" (Jaro 0.511 with bread: the rule misses it),
 * b1 "cape" (Jaro 0.833 with cake: the rule accepts it), a1 "bread" at utterance 5, which ends the game.
 */
const GAME = script({
  a1: { 1: say('It is sweet.', 'bun'), 2: say('It has candles on it.', 'bread') },
  b1: { 1: say('You can slice it.', 'cape'), 2: say('It is baked daily.', 'cake') },
});

const rows = (events: readonly EventRecord[]): EventRow[] => events.map((e) => ({ ...e, id: e.idx, episodeId: 1, callId: null, createdAt: '' }));
const guessOf = (e: EventRecord) => (e.kind === 'response' ? actionOf(e).guess : undefined);
const guessed = (events: readonly EventRow[], guess: string) => events.find((e) => guessOf(e) === guess)!;
const accept = (events: EventRow[], guess: string, accepted: string): AcceptedLabel => {
  const event = guessed(events, guess);
  return { event, events, instance: INSTANCE, label: String((event.action as { match: string }).match), accepted };
};
const settings = (input: unknown = {}) => AgeSettingsSchema.parse(input);

describe('people’s rulings in the matcher', () => {
  const rulings = { accepted: { Bread: ['Bun '] }, rejected: { cake: ['cape'] } };
  it('accept a guess the rule misses and reject one it accepts, keys and guesses as wordKey reads them', () => {
    expect(isCorrectGuess('bun', 'bread')).toBe(false);
    expect(isCorrectGuess('BUN', 'bread', [], { ...DEFAULT_MATCH_SETTINGS, rulings })).toBe(true);
    expect(isCorrectGuess('cape', 'cake')).toBe(true);
    expect(isCorrectGuess('Cape', 'cake', [], { ...DEFAULT_MATCH_SETTINGS, rulings })).toBe(false);
    // A rejection wins over a listed synonym too; other words are untouched.
    expect(isCorrectGuess('cape', 'cake', ['cape'], { ...DEFAULT_MATCH_SETTINGS, rulings })).toBe(false);
    expect(isCorrectGuess('bun', 'cake', [], { ...DEFAULT_MATCH_SETTINGS, rulings })).toBe(false);
  });

  it('empty books change nothing: the same episode, the same scores', async () => {
    const { events, result } = await drive(GAME);
    expect(scoreAge({ events, instance: INSTANCE, settings: settings({ synonyms: {}, rejected: {} }), seats: SEATS })).toEqual(result);
    expect(settings()).toMatchObject({ synonyms: {}, rejected: {} });
  });
});

describe('AGE annotation hooks', () => {
  it('the master labels each guess with the rule’s decision; a reply without a guess has no label', async () => {
    const { events } = await drive(GAME);
    const replies = events.filter((e) => e.kind === 'response');
    expect(replies.map((e) => (e.action as { match?: string }).match)).toEqual(['miss', 'match', undefined, undefined, 'match']);
  });

  it('shows the guess, the other word, Jaro, and what was said before', async () => {
    const events = rows((await drive(GAME)).events);
    const read = ageAnnotation.item(guessed(events, 'cape'), events);
    expect(read.prompt).toBe('guess: cape · word: cake · Jaro 0.833 > 0.8');
    expect(read.context).toEqual([{ round: 1, prompt: 'Player 1 (cake): It is sweet.', reply: 'guess: bun', label: 'miss' }]);
    expect(ageAnnotation.item(guessed(events, 'bun'), events).prompt).toBe('guess: bun · word: bread · Jaro 0.511 ≤ 0.8');
    expect(ageAnnotation.info.labels.map((l) => l.key)).toEqual(['m', 'n']);
    expect(gameProblems(ageGame as unknown as Game<unknown>)).toEqual([]);
  });

  it('relabel overrides the rule in the scorer: a miss ruled a match moves the seat’s first correct guess', async () => {
    const { events, result } = await drive(GAME);
    expect(seatScores(result, 'a1')).toMatchObject({ first_guess: 5 });
    const bun = events.findIndex((e) => guessOf(e) === 'bun');
    const relabelled = events.map((e, i) => (i === bun ? ageAnnotation.relabel(e, 'match') : e));
    const after = scoreAge({ events: relabelled, instance: INSTANCE, settings: settings(), seats: SEATS });
    expect(seatScores(after, 'a1')).toMatchObject({ first_guess: 1, comprehension: 1 });
  });

  it('apply: a missed guess ruled a match extends synonyms, a false match ruled a miss goes to rejected, and the scores follow', async () => {
    const { events: played, result } = await drive(GAME);
    const events = rows(played);
    const amendment = ageAnnotation.apply!(settings(), [accept(events, 'bun', 'match'), accept(events, 'cape', 'miss'), accept(events, 'bread', 'match')]);
    expect(amendment).toEqual({
      overrides: { synonyms: { bread: ['bun'] }, rejected: { cake: ['cape'] } },
      changes: ['bread: accept “bun” (synonyms)', 'cake: reject “cape” (rejected)'],
      unresolved: [],
    });
    const rescored = scoreAge({ events: played, instance: INSTANCE, settings: settings(amendment.overrides), seats: SEATS });
    expect(seatScores(result, 'b1')).toMatchObject({ first_guess: 2 });
    expect(seatScores(rescored, 'a1')).toMatchObject({ first_guess: 1, comprehension: 1 });
    // b1's only correct guess was "cape": it never found the word now.
    expect(seatScores(rescored, 'b1').first_guess).toBeUndefined();
    expect(seatScores(rescored, 'b1').comprehension).toBe(0);
    // Applied again, the run already agrees.
    expect(ageAnnotation.apply!(settings(amendment.overrides), [accept(events, 'bun', 'match')])).toEqual({ overrides: {}, changes: [], unresolved: [] });
  });

  it('apply: the latest ruling moves a guess between the books; items that split evenly leave it alone', async () => {
    const events = rows((await drive(GAME)).events);
    const moved = ageAnnotation.apply!(settings({ synonyms: { Cake: ['cape', 'gâteau'] } }), [accept(events, 'cape', 'miss')]);
    expect(moved.overrides).toEqual({ synonyms: { Cake: ['gâteau'] }, rejected: { cake: ['cape'] } });
    const split = ageAnnotation.apply!(settings(), [accept(events, 'bun', 'match'), { ...accept(events, 'bun', 'miss'), event: { ...guessed(events, 'bun'), id: 99 } }]);
    expect(split).toEqual({ overrides: {}, changes: [], unresolved: ['bread: “bun” left alone: 1 item(s) ruled it a match, 1 a miss'] });
  });
});
