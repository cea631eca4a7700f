import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LeaderboardView } from '../../shared/api/views';
import { bestOf, leaderboardFrom } from '../../electron/engine/analysis/explore/leaderboard';
import type { ViewRun } from '../../electron/engine/analysis/explore/select';
import type { EventRecord } from '../../electron/engine/core/events';
import { edaGame } from '../../electron/engine/games/eda/game';
import { edaMarks, jaccard, questionWords } from '../../electron/engine/games/eda/marks';
import { escapeLatex, toLatex } from '../../electron/engine/io/latex';
import { leaderboardCsvRows, leaderboardLatex } from '../../electron/engine/io/views';
import { toCsv } from '../../electron/engine/io/csv';
import type { RepSum } from '../../electron/engine/store/explore';
import type { RunRow } from '../../electron/engine/store/store';
import { ExploreFiltersSchema } from '../../shared/contract/explore';

/** Compares with a golden file; UPDATE_GOLDEN=1 rewrites it (then read the diff before committing). */
function matchesGolden(name: string, text: string) {
  const file = new URL(`../fixtures/golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

const game = edaGame as unknown as Parameters<typeof leaderboardFrom>[0];
const run = (id: number, subject: string): ViewRun => ({ id, datasetId: 1, subject, kind: 'model', run: { id, seats: [] } as unknown as RunRow, rows: new Map([['guesser', subject]]) });
type Ep = { turns: number; success: number; yes: number; score: number };
/** Sums of one run × repetition for `eps`, per metric, as the store keeps them (metric '' counts episodes). */
const unit = (runId: number, repetition: number, eps: Ep[]): RepSum[] => [
  { runId, metric: '', seat: '', repetition, n: eps.length, sum: eps.length, sum2: eps.length },
  ...(['turns', 'success', 'yes', 'score'] as const).map((metric) => ({
    runId, metric, seat: '', repetition, n: eps.length, sum: eps.reduce((a, e) => a + e[metric], 0), sum2: eps.reduce((a, e) => a + e[metric] ** 2, 0),
  })),
];
const win = (turns: number, yes: number) => ({ turns, success: 1, yes, score: 1 - 0.02 * Math.max(turns - 5, 0) });
const loss = (yes: number) => ({ turns: 20, success: 0, yes, score: 0 });

// Player A: two repetitions. rep 1: win in 10 (0.90), loss → means turns 15, success .5, yes 4, score .45
//                           rep 2: win in 5 (1.00), win in 15 (0.80) → turns 10, success 1, yes 5, score .90
// Player B: one repetition: loss, loss → turns 20, success 0, yes 3, score 0
const units = [...unit(1, 1, [win(10, 5), loss(3)]), ...unit(1, 2, [win(5, 2), win(15, 8)]), ...unit(2, 1, [loss(2), loss(4)])];
const rows = leaderboardFrom(game, [run(1, 'openai:gpt-4o'), run(2, 'anthropic:claude_3 & co')], units, new Map([[2, { errors: 1, unfinished: 0 }]]));
// At least 3 episodes per printed mean: B (2 episodes, 1 failed) is too thin to print, and flagged for its errors.
const board: LeaderboardView = { game: 'eda', subjectLabel: 'Guesser', metrics: [...edaGame.metrics], aggregates: [], rows, best: bestOf(rows, edaGame.metrics, 3), minEpisodes: 3, coverage: { mode: 'all', total: 4, shared: 0 } };

describe('leaderboard, counted by hand', () => {
  it('mean ± sample std of repetition means; episodes, errors excluded', () => {
    const a = rows.find((r) => r.player === 'openai:gpt-4o')!;
    expect(a.metrics.turns!.mean).toBe(12.5);
    expect(a.metrics.turns!.std).toBeCloseTo(Math.SQRT2 * 2.5, 12); // sd of (15, 10)
    expect(a.metrics.success!.mean).toBe(0.75);
    expect(a.metrics.score!.mean).toBeCloseTo(0.675, 12);
    expect(a.metrics.score!.std).toBeCloseTo(Math.sqrt(((0.45 - 0.675) ** 2 + (0.9 - 0.675) ** 2) / 1), 12);
    expect([a.episodes, a.repetitions, a.errorsExcluded]).toEqual([4, 2, 0]);
    // Success interval: Wilson 3/4
    expect(a.metrics.success!.low).toBeCloseTo(0.3006, 4);
    expect(a.metrics.success!.high).toBeCloseTo(0.9544, 4);
    const b = rows.find((r) => r.player !== 'openai:gpt-4o')!;
    // Both games hit the limit: not a zero-width interval, but Wilson's 2/2 bound q = 0.34239 on the
    // share at 20, the rest as far as the range [1, 200] allows: 20 − 0.65761·19, 20 + 0.65761·180.
    expect(b.metrics.turns!).toMatchObject({ mean: 20, std: null, pooled: 20 });
    expect(b.metrics.turns!.low).toBeCloseTo(7.5054, 3);
    expect(b.metrics.turns!.high).toBeCloseTo(138.37, 1);
    expect(b.errorsExcluded).toBe(1);
  });

  it('best per column: fewer turns, more success and score; #Yes has none', () => {
    expect(bestOf(rows, edaGame.metrics, 1)).toEqual({ turns: ['openai:gpt-4o'], success: ['openai:gpt-4o'], score: ['openai:gpt-4o'] });
    // With 5 episodes needed, neither row may be marked best.
    expect(bestOf(rows, edaGame.metrics, 5)).toEqual({});
  });

  it('exports the golden CSV and LaTeX', () => {
    matchesGolden('leaderboard.csv', toCsv(leaderboardCsvRows(board)));
    matchesGolden('leaderboard.tex', leaderboardLatex(edaGame as never, board, ExploreFiltersSchema.parse({ dataset: 'things', split: 'test' })));
  });

  it('each metric has its own n: a metric an episode was not scored on is left out of it alone', () => {
    const partial: RepSum[] = [
      { runId: 3, metric: '', seat: '', repetition: 1, n: 3, sum: 3, sum2: 3 },
      { runId: 3, metric: 'turns', seat: '', repetition: 1, n: 3, sum: 30, sum2: 300 },
      { runId: 3, metric: 'score', seat: '', repetition: 1, n: 2, sum: 1.5, sum2: 1.25 },
    ];
    const [row] = leaderboardFrom(game, [run(3, 'x')], partial, new Map());
    expect(row!.episodes).toBe(3);
    expect(row!.metrics.turns).toMatchObject({ mean: 10, n: 3 });
    expect(row!.metrics.score).toMatchObject({ mean: 0.75, n: 2 });
    expect(row!.metrics.success).toBeUndefined();
  });
});

describe('LaTeX escaping', () => {
  it('escapes every special character', () => {
    expect(escapeLatex('a & b % c $ d # e _ f { g } h ~ i ^ j \\ k')).toBe(
      'a \\& b \\% c \\$ d \\# e \\_ f \\{ g \\} h \\textasciitilde{} i \\textasciicircum{} j \\textbackslash{} k',
    );
    expect(escapeLatex('0.45 ± 0.10')).toBe('0.45 $\\pm$ 0.10');
    const tex = toLatex({ caption: 'x', label: 'tab:a b&c', columns: [{ header: 'h', align: 'l' }], rows: [[{ text: 'v', bold: true }]] });
    expect(tex).toContain('\\label{tab:a-b-c}');
    expect(tex).toContain('\\textbf{v} \\\\');
  });
});

/** An EDA turn as its two events. */
const turn = (idx: number, question: string, label: string): EventRecord[] => {
  const base = { round: idx, parts: null, flags: [], callId: null, latencyMs: null, inputTokens: null, outputTokens: null };
  return [
    { ...base, idx: 2 * idx - 1, from: 'guesser', to: 'judge', kind: 'response', text: question, action: { question }, valid: true },
    label === 'bingo'
      ? { ...base, idx: 2 * idx, from: null, to: 'guesser', kind: 'system', text: 'Bingo!', action: { label }, valid: null }
      : { ...base, idx: 2 * idx, from: 'judge', to: 'guesser', kind: 'response', text: label, action: { label }, valid: true },
  ];
};

describe('side-by-side marks', () => {
  it('flags the first Yes, the winning turn and near-duplicate questions', () => {
    const marks = edaMarks([
      ...turn(1, 'Is it an animal?', 'no'),
      ...turn(2, 'Is it man-made?', 'yes'),
      ...turn(3, 'Is it an animal?', 'no'),
      ...turn(4, 'Is the thing you are thinking of man-made?', 'yes'),
      ...turn(5, 'Is it a printer?', 'bingo'),
    ]);
    expect(marks.map((m) => [m.marks, m.repeatOf])).toEqual([
      [[], null],
      [['first-yes'], null],
      [[], 1],
      [[], 2],
      [['winning'], null],
    ]);
  });

  it('compares content words, not spelling', () => {
    expect(jaccard(questionWords('Is it electronic?'), questionWords('Is it an electronic device?'))).toBe(0.5);
    expect([...questionWords('Does it run on électricité?')]).toEqual(['run', 'on', 'electricite']);
  });
});
