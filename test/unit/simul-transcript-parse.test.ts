import { describe, expect, it } from 'vitest';
import type { EventView, SeatView } from '../../shared/api/contract';
import { combineOrders, flipped, isMonospaceTask, preferredSeat, scriptOf, simulEpisodeOf, type Verdict } from '../../renderer/src/games/simulbench/episode';

let idx = 0;
const ev = (e: Partial<EventView> & Pick<EventView, 'kind'>): EventView => {
  idx += 1;
  return { id: idx, idx, round: 1, from: null, to: null, text: null, parts: null, action: null, valid: null, flags: [], callId: null, ...e };
};

const TASK = 'I want you to act as a linux terminal. My first command is pwd';
const PAYLOAD = {
  id: 1,
  source_id: '000#Linux_Terminal',
  act: 'Linux Terminal',
  task_description: TASK,
  type: 'stateful',
  source_file_name: 'x.json',
  turn_num: 2,
  dialogue_history: [
    { role: 'user', content: TASK },
    { role: 'assistant', content: '```\n/home/user\n```' },
    { role: 'user', content: 'ls -l' },
  ],
};
const TAGS = { act: 'Linux Terminal', type: 'stateful', kind: 'first_chan', turn: '2' };
const seat = (s: string, player: string): SeatView => ({ seat: s, role: s, player, kind: 'model' });

const answer = (from: string, round: number, text: string) => [ev({ kind: 'prompt', to: from, round, text: 'ls -l' }), ev({ kind: 'response', from, round, text, action: { answer: text }, valid: true, callId: 10 + round })];
const judgeAsk = (round: number) => ev({ kind: 'prompt', to: 'judge', round, text: 'judge prompt' });
const judgeBad = (round: number) => [
  ev({ kind: 'response', from: 'judge', round, text: 'It is fine.', valid: false, callId: 30 }),
  ev({ kind: 'reprompt', to: 'judge', round, text: 'Your rating should strictly follow this format', action: { reason: 'no rating in the "[[rating]]" format' } }),
];

function single(failed = false): EventView[] {
  idx = 0;
  const end = failed
    ? [...judgeBad(2), ev({ kind: 'response', from: 'judge', round: 2, text: 'Still fine.', valid: false }), ev({ kind: 'system', round: 2, text: 'judge failure', action: { judgeFailed: 'no rating in the "[[rating]]" format' } })]
    : [...judgeBad(2), ev({ kind: 'response', from: 'judge', round: 2, text: 'Accurate listing. Rating: [[7]]', action: { rating: 7 }, valid: true, callId: 31 })];
  return [...answer('simulator', 1, '```\ntotal 0\n```'), judgeAsk(2), ...end];
}

function pairwise(ab: Verdict | null, ba: Verdict | null): EventView[] {
  idx = 0;
  const verdict = (round: number, order: 'ab' | 'ba', v: Verdict | null) =>
    v === null
      ? [judgeAsk(round), ...judgeBad(round), ev({ kind: 'system', round, text: `judge failure (order ${order})`, action: { judgeFailed: 'no verdict', order } })]
      : [judgeAsk(round), ev({ kind: 'response', from: 'judge', round, text: `Reasons. [[${v}]]`, action: { verdict: v, order }, valid: true })];
  return [...answer('a', 1, 'total 0'), ...answer('b', 2, 'total 4'), ...verdict(3, 'ab', ab), ...(ab === null ? [] : verdict(4, 'ba', ba))];
}

describe('the SimulBench transcript reads the script', () => {
  it('splits the history from the query and takes the header from payload and tags', () => {
    const s = scriptOf(PAYLOAD, TAGS)!;
    expect(s).toMatchObject({ act: 'Linux Terminal', type: 'stateful', kind: 'first_chan', turn: 2, task: TASK, query: 'ls -l' });
    expect(s.history.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(s.history[0]!.content).toBe(TASK);
  });

  it('refuses a payload that does not end with a user query', () => {
    expect(scriptOf({ ...PAYLOAD, dialogue_history: [{ role: 'assistant', content: 'hi' }] })).toBeNull();
    expect(scriptOf(null)).toBeNull();
  });
});

describe('the single-answer episode', () => {
  it('reads the answer, the rating with its explanation and the refused reply', () => {
    const ep = simulEpisodeOf({ events: single(), payload: PAYLOAD, tags: TAGS, seats: [seat('simulator', 'model-x'), seat('judge', 'judge-j')], game: 'simulbench' });
    expect(ep.pairwise).toBe(false);
    expect(ep.pair).toBeNull();
    expect(ep.answers).toEqual([{ seat: 'simulator', model: 'model-x', round: 1, answer: '```\ntotal 0\n```', callId: 11 }]);
    expect(ep.judgments).toHaveLength(1);
    const j = ep.judgments[0]!;
    expect(j).toMatchObject({ round: 2, rating: 7, verdict: null, order: null, explanation: 'Accurate listing. Rating: [[7]]', failed: null, callId: 31 });
    expect(j.retries).toEqual([{ reply: 'It is fine.', reason: 'no rating in the "[[rating]]" format', correction: 'Your rating should strictly follow this format', callId: 30 }]);
  });

  it('records a judge that never rated as a failure, not as a note', () => {
    const ep = simulEpisodeOf({ events: single(true), payload: PAYLOAD, game: 'simulbench' });
    const j = ep.judgments[0]!;
    expect(j.rating).toBeNull();
    expect(j.failed).toBe('no rating in the "[[rating]]" format');
    expect(j.retries).toHaveLength(2);
    expect(ep.notes).toEqual([]);
  });

  it('shows a seat still waiting for its answer', () => {
    idx = 0;
    const ep = simulEpisodeOf({ events: [ev({ kind: 'prompt', to: 'simulator', round: 1, text: 'ls -l' })], payload: PAYLOAD, game: 'simulbench' });
    expect(ep.answers[0]).toMatchObject({ seat: 'simulator', answer: null });
    expect(ep.judgments).toEqual([]);
  });
});

describe('the pairwise episode', () => {
  const seats = [seat('a', 'model-a'), seat('b', 'model-b'), seat('judge', 'judge-j')];

  it('reads both answers and both orders; a wins when preferred in both', () => {
    const ep = simulEpisodeOf({ events: pairwise('A', 'B'), payload: PAYLOAD, tags: TAGS, seats, game: 'simulbench_pairwise' });
    expect(ep.answers.map((a) => [a.seat, a.model, a.answer])).toEqual([
      ['a', 'model-a', 'total 0'],
      ['b', 'model-b', 'total 4'],
    ]);
    expect(ep.judgments.map((j) => [j.order, j.verdict, j.explanation])).toEqual([
      ['ab', 'A', 'Reasons. [[A]]'],
      ['ba', 'B', 'Reasons. [[B]]'],
    ]);
    expect(ep.pair).toEqual({ ab: 'A', ba: 'B', result: 'win', flipped: false });
  });

  it('calls it a tie, flipped, when the judge followed the position', () => {
    const ep = simulEpisodeOf({ events: pairwise('A', 'A'), payload: PAYLOAD, seats });
    expect(ep.pairwise).toBe(true);
    expect(ep.pair).toEqual({ ab: 'A', ba: 'A', result: 'tie', flipped: true });
  });

  it('leaves the result open when the judge failed in an order', () => {
    const ep = simulEpisodeOf({ events: pairwise(null, null), payload: PAYLOAD, seats, game: 'simulbench_pairwise' });
    expect(ep.judgments).toHaveLength(1);
    expect(ep.judgments[0]).toMatchObject({ order: 'ab', verdict: null, failed: 'no verdict' });
    expect(ep.pair).toEqual({ ab: null, ba: null, result: null, flipped: null });
  });

  it('combines the orders by the rule and reads each verdict as a seat', () => {
    expect(combineOrders('A', 'B')).toBe('win');
    expect(combineOrders('B', 'A')).toBe('lose');
    expect(['AA', 'BB', 'CC', 'AC', 'CB'].map((p) => combineOrders(p[0] as Verdict, p[1] as Verdict))).toEqual(['tie', 'tie', 'tie', 'tie', 'tie']);
    expect([flipped('A', 'B'), flipped('C', 'C'), flipped('B', 'B'), flipped('A', 'C')]).toEqual([false, false, true, true]);
    expect([preferredSeat('A', 'ab'), preferredSeat('B', 'ab'), preferredSeat('A', 'ba'), preferredSeat('B', 'ba'), preferredSeat('C', 'ba')]).toEqual(['a', 'b', 'b', 'a', null]);
  });
});

describe('isMonospaceTask', () => {
  it('sets terminals, interpreters, boards and data tasks in monospace', () => {
    for (const act of ['Linux Terminal', 'JavaScript Console', 'PHP Interpreter', 'Python interpreter', 'SQL terminal', 'Chess Player', 'Gomoku player', 'Tic-Tac-Toe Game', 'Excel Sheet', 'Regex Generator', 'JSON Data Store', 'Ascii Artist'])
      expect(isMonospaceTask(act), act).toBe(true);
  });

  it('keeps prose tasks in the ordinary font', () => {
    for (const act of ['Dream Interpreter', "Spongebob's Magic Conch Shell", 'Cover Letter', 'Virtual Doctor', 'Aphorism Book', 'Keyboard Teacher', ''])
      expect(isMonospaceTask(act), act).toBe(false);
  });
});
