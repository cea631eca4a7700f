import { describe, expect, it } from 'vitest';
import { summarizeRun, type EpisodeForReport } from '../../electron/engine/analysis/report';

const m = (turns: number, success: number, yes: number, score: number) => ({ turns, success, yes, score });

describe('summarizeRun (Table 1 aggregation)', () => {
  const episodes: EpisodeForReport[] = [
    { repetition: 1, status: 'done', scores: m(20, 0, 6, 0) },
    { repetition: 1, status: 'done', scores: m(10, 1, 4, 0.9) },
    { repetition: 2, status: 'done', scores: m(5, 1, 3, 1) },
    { repetition: 2, status: 'done', scores: m(20, 0, 2, 0) },
    { repetition: 2, status: 'error', scores: null },
    { repetition: 1, status: 'pending', scores: null },
  ];
  const report = summarizeRun(episodes, ['turns', 'success', 'yes', 'score']);

  it('averages within each repetition first', () => {
    expect(report.repetitions).toEqual([
      { repetition: 1, episodes: 2, means: { turns: 15, success: 0.5, yes: 5, score: 0.45 }, counts: { turns: 2, success: 2, yes: 2, score: 2 } },
      { repetition: 2, episodes: 2, means: { turns: 12.5, success: 0.5, yes: 2.5, score: 0.5 }, counts: { turns: 2, success: 2, yes: 2, score: 2 } },
    ]);
  });

  it('reports mean ± sample std of the repetition means', () => {
    // turns: (15 + 12.5) / 2 = 13.75; sd = |15 − 12.5| / √2 = 1.767767
    expect(report.metrics.turns!.mean).toBeCloseTo(13.75, 10);
    expect(report.metrics.turns!.std).toBeCloseTo(1.767767, 5);
    expect(report.metrics.success).toEqual({ mean: 0.5, std: 0 });
    expect(report.metrics.yes!.mean).toBeCloseTo(3.75, 10);
    expect(report.metrics.score!.mean).toBeCloseTo(0.475, 10);
    expect(report.metrics.score!.std).toBeCloseTo(0.0353553, 6);
  });

  it('excludes and counts errors and unfinished episodes', () => {
    expect(report).toMatchObject({ episodes: 6, done: 4, errors: 1, unfinished: 1 });
  });

  it('has no std with a single repetition, and no metrics with no finished episode', () => {
    const one = summarizeRun([{ repetition: 1, status: 'done', scores: m(8, 1, 3, 0.94) }], ['score']);
    expect(one.metrics.score).toEqual({ mean: 0.94, std: null });
    expect(summarizeRun([{ repetition: 1, status: 'error', scores: null }], ['score']).metrics.score).toBeNull();
  });

  it('leaves a metric an episode lacks out of that metric only (an aborted game has no quality), never as a 0', () => {
    const r = summarizeRun(
      [
        { repetition: 1, status: 'done', scores: { played: 1, quality: 80 } },
        { repetition: 1, status: 'done', scores: { played: 0 } },
        { repetition: 2, status: 'done', scores: { played: 1, quality: 40 } },
      ],
      ['played', 'quality'],
    );
    expect(r.repetitions[0]).toEqual({ repetition: 1, episodes: 2, means: { played: 0.5, quality: 80 }, counts: { played: 2, quality: 1 } });
    // quality: mean of (80, 40) = 60, sd = 28.28…; played: mean of (0.5, 1) = 0.75
    expect(r.metrics.quality!.mean).toBe(60);
    expect(r.metrics.quality!.std).toBeCloseTo(Math.sqrt(800), 10);
    expect(r.metrics.played!.mean).toBe(0.75);
  });
});
