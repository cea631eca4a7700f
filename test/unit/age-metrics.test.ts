import { describe, expect, it } from 'vitest';
import {
  ageScore,
  comprehension,
  confusion,
  firstCorrectGuess,
  gameLength,
  isSuccessfulGame,
  macroAverage,
  scoreGame,
  type AgeGame,
  type AgeGuess,
  type AgeUtterance,
} from '../../electron/engine/games/age/metrics';

const GROUPS: AgeGame['groups'] = [
  ['a1', 'a2'],
  ['b1', 'b2'],
];
const ORDER = ['a1', 'b1', 'a2', 'b2'];
/** The seat each one names when it guesses the other group's word. */
const OPPONENT: Record<string, string> = { a1: 'b1', a2: 'b1', b1: 'a1', b2: 'a1' };

/**
 * A game in the order a1 b1 a2 b2: every seat guesses the other word every turn, correctly from
 * round `first[seat]` on (absent: never). `extra` adds guesses (seat → round → guesses).
 */
function play(
  rounds: number,
  first: Record<string, number>,
  options: { extra?: Record<string, Record<number, AgeGuess[]>>; leaks?: Record<string, number> } = {},
): AgeGame {
  const utterances: AgeUtterance[] = [];
  for (let round = 1; round <= rounds; round++) {
    ORDER.forEach((seat, i) => {
      const f = first[seat];
      const guesses: AgeGuess[] = [{ of: OPPONENT[seat]!, correct: f !== undefined && round >= f }];
      guesses.push(...(options.extra?.[seat]?.[round] ?? []));
      const leak = options.leaks?.[seat] === round;
      utterances.push({ seat, round, position: 4 * (round - 1) + i + 1, guesses, ...(leak ? { leak } : {}) });
    });
  }
  return { groups: GROUPS, utterances };
}

type Row = [seat: string, fcg: number | null, comprehension: number, confusion: number, age: number];

function expectRows(game: AgeGame, unit: 'utterance' | 'round', rows: Row[]): void {
  const scores = scoreGame(game, { unit });
  for (const [seat, fcg, c, k, age] of rows) {
    const s = scores.seats.find((x) => x.seat === seat)!;
    expect(s.fcg, seat).toBe(fcg);
    expect(s.comprehension, seat).toBeCloseTo(c, 4);
    expect(s.confusion, seat).toBeCloseTo(k, 4);
    expect(s.age, seat).toBeCloseTo(age, 4);
  }
}

// The worked example of metrics.ts: b1 and a2 first right in round 2, a1 and b2 in round 3.
const worked = play(5, { b1: 2, a2: 2, a1: 3, b2: 3 });

describe('the formulas', () => {
  it('comprehension = 1/log2(f + 1), 0 when never', () => {
    expect(comprehension(1)).toBe(1);
    expect(comprehension(3)).toBe(0.5);
    expect(comprehension(7)).toBeCloseTo(1 / 3, 12);
    expect(comprehension(null)).toBe(0);
  });
  it('confusion = log_{l+1}(min f); never counts as l + 1 (exactly 1)', () => {
    expect(confusion([6, 12], 20)).toBeCloseTo(0.5885, 4);
    expect(confusion([1, 5], 20)).toBe(0);
    expect(confusion([null, null], 20)).toBe(1);
    expect(confusion([], 0)).toBe(1);
    expect(confusion([null, 4], 5)).toBeCloseTo(0.7737, 4); // log6 4
  });
  it('AGE is the harmonic mean, 0 when both are 0', () => {
    expect(ageScore(0.5, 0.5)).toBe(0.5);
    expect(ageScore(1, 0)).toBe(0);
    expect(ageScore(0, 0)).toBe(0);
    expect(ageScore(0.3010, 0.5885)).toBeCloseTo(0.3983, 4);
  });
});

describe('scoreGame: a 2-vs-2 game of five rounds', () => {
  it('utterance reading: l = 20; f = 9, 6, 7, 12', () => {
    expect(gameLength(worked, 'utterance')).toBe(20);
    // a1: 1/log2 10 = 0.3010, log21 min(6, 12) = 0.5885; b1: 1/log2 7 = 0.3562, log21 min(9, 7) = 0.6392
    expectRows(worked, 'utterance', [
      ['a1', 9, 0.301, 0.5885, 0.3983],
      ['a2', 7, 0.3333, 0.5885, 0.4256],
      ['b1', 6, 0.3562, 0.6392, 0.4575],
      ['b2', 12, 0.2702, 0.6392, 0.3799],
    ]);
  });
  it('round reading of the same game: l = 5; f = 3, 2, 2, 3; every confusion log6 2', () => {
    expect(gameLength(worked, 'round')).toBe(5);
    expectRows(worked, 'round', [
      ['a1', 3, 0.5, 0.3869, 0.4362],
      ['a2', 2, 0.6309, 0.3869, 0.4796],
      ['b1', 2, 0.6309, 0.3869, 0.4796],
      ['b2', 3, 0.5, 0.3869, 0.4362],
    ]);
  });
  it('defaults to the utterance reading and lists seats by group', () => {
    const scores = scoreGame(worked);
    expect(scores.unit).toBe('utterance');
    expect(scores.length).toBe(20);
    expect(scores.seats.map((s) => [s.seat, s.group])).toEqual([['a1', 0], ['a2', 0], ['b1', 1], ['b2', 1]]);
  });
  it('l is the length actually played: a game stopped after three rounds has l = 12 / 3', () => {
    const short = play(3, { b1: 2, a2: 2 });
    // a1 never guessed; a2 f 7 → 1/3; A's confusion log13 6 = 0.6986, B's log13 7 = 0.7587
    expectRows(short, 'utterance', [
      ['a1', null, 0, 0.6986, 0],
      ['a2', 7, 0.3333, 0.6986, 0.4513], // 2·(1/3)·0.6986 / (1/3 + 0.6986)
      ['b1', 6, 0.3562, 0.7587, 0.4848],
    ]);
  });
});

describe('never, nobody, ties, own-group guesses, leaks', () => {
  it('a seat that never guesses: comprehension 0, AGE 0; it does not lower anyone’s confusion', () => {
    const game = play(5, { b1: 2, a2: 2, a1: 3 });
    expectRows(game, 'utterance', [
      ['b2', null, 0, 0.6392, 0],
      ['a1', 9, 0.301, 0.5885, 0.3983], // min(6, never = 21) = 6
      ['a2', 7, 0.3333, 0.5885, 0.4256],
    ]);
  });
  it('nobody guesses word 2: its seats score confusion 1 (never = l + 1)', () => {
    const game = play(5, { b1: 2, b2: 3 });
    // b1: HM(0.3562, 1) = 0.5253; b2: HM(0.2702, 1) = 0.4255; A: comprehension 0
    expectRows(game, 'utterance', [
      ['a1', null, 0, 0.5885, 0],
      ['a2', null, 0, 0.5885, 0],
      ['b1', 6, 0.3562, 1, 0.5253],
      ['b2', 12, 0.2702, 1, 0.4255],
    ]);
    // rounds: b1 HM(0.6309, 1) = 0.7737, b2 HM(0.5, 1) = 0.6667
    expectRows(game, 'round', [
      ['b1', 2, 0.6309, 1, 0.7737],
      ['b2', 3, 0.5, 1, 0.6667],
    ]);
  });
  it('tied first guesses: min takes the shared value', () => {
    // a1, b1 and b2 all first right in round 2, a2 in round 4
    const game = play(5, { a1: 2, b1: 2, b2: 2, a2: 4 });
    expectRows(game, 'round', [
      ['a1', 2, 0.6309, 0.3869, 0.4796], // log6 min(2, 2)
      ['a2', 4, 0.4307, 0.3869, 0.4076], // 1/log2 5
      ['b1', 2, 0.6309, 0.3869, 0.4796], // log6 min(2, 4)
      ['b2', 2, 0.6309, 0.3869, 0.4796],
    ]);
  });
  it('a correct guess of one’s own group’s word does not count', () => {
    // a1 names its partner a2's word in round 1 and never the other word
    const game = play(5, { b1: 2 }, { extra: { a1: { 1: [{ of: 'a2', correct: true }] } } });
    expect(firstCorrectGuess(game, 'a1', 'utterance')).toBeNull();
    expect(isSuccessfulGame(game)).toBe(false);
  });
  it('a leak is flagged on its seat and changes no number', () => {
    const leaked = play(5, { b1: 2, a2: 2, a1: 3, b2: 3 }, { leaks: { a2: 1 } });
    const clean = scoreGame(worked).seats;
    const flagged = scoreGame(leaked).seats;
    expect(flagged.map((s) => s.leaked)).toEqual([false, true, false, false]);
    expect(flagged.map(({ leaked: _, ...rest }) => rest)).toEqual(clean.map(({ leaked: _, ...rest }) => rest));
  });
  it('rejects a seat outside the groups and empty groups', () => {
    const stray: AgeGame = { groups: GROUPS, utterances: [{ seat: 'c1', round: 1, position: 1, guesses: [] }] };
    expect(() => scoreGame(stray)).toThrow(/exactly one group/);
    expect(() => scoreGame({ groups: [['a1'], []], utterances: [] })).toThrow(/both groups/);
  });
});

describe('isSuccessfulGame: more than two rounds and both words guessed', () => {
  it.each([
    { name: '5 rounds, both words guessed', game: play(5, { b1: 2, a2: 2 }), ok: true },
    { name: '3 rounds, both words guessed', game: play(3, { b1: 2, a2: 3 }), ok: true },
    { name: '2 rounds, both words guessed', game: play(2, { b1: 1, a2: 2 }), ok: false },
    { name: '5 rounds, word 2 never guessed', game: play(5, { b1: 2 }), ok: false },
    { name: '5 rounds, one guesser per word is enough', game: play(5, { b2: 5, a1: 4 }), ok: true },
  ])('$name → $ok', ({ game, ok }) => {
    expect(isSuccessfulGame(game)).toBe(ok);
  });
});

describe('macroAverage', () => {
  const conversations = [
    {
      seatScores: [
        { model: 'gpt', comprehension: 0.2, confusion: 0.4, age: 0.3 },
        { model: 'claude', comprehension: 0.3, confusion: 0.5, age: 0.35 },
        { model: 'gpt', comprehension: 0.6, confusion: 0.8, age: 0.5 },
        { model: 'llama', comprehension: 0.1, confusion: 0.2, age: 0.15 },
      ],
    },
    {
      seatScores: [
        { model: 'claude', comprehension: 0.5, confusion: 0.5, age: 0.5 },
        { model: 'gpt', comprehension: 0.8, confusion: 0.2, age: 0.32 },
        { model: 'claude', comprehension: 0.1, confusion: 0.3, age: 0.2 },
      ],
    },
  ];
  it('averages a model’s seats within a conversation, then across conversations', () => {
    const result = macroAverage(conversations);
    expect(result.map((r) => r.model)).toEqual(['gpt', 'claude', 'llama']);
    const [gpt, claude, llama] = result;
    // gpt: conv 1 (0.4, 0.6, 0.4), conv 2 (0.8, 0.2, 0.32) → (0.6, 0.4, 0.36); pooled seats would give 0.5333
    expect(gpt!.comprehension).toBeCloseTo(0.6, 12);
    expect(gpt!.confusion).toBeCloseTo(0.4, 12);
    expect(gpt!.age).toBeCloseTo(0.36, 12);
    expect(gpt!.conversations).toBe(2);
    // claude: conv 1 (0.3, 0.5, 0.35), conv 2 (0.3, 0.4, 0.35) → (0.3, 0.45, 0.35)
    expect([claude!.comprehension, claude!.confusion, claude!.age].map((x) => +x.toFixed(12))).toEqual([0.3, 0.45, 0.35]);
    expect(llama).toEqual({ model: 'llama', comprehension: 0.1, confusion: 0.2, age: 0.15, conversations: 1 });
  });
  it('is empty for no conversations', () => {
    expect(macroAverage([])).toEqual([]);
  });
});
