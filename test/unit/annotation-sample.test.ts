import { describe, expect, it } from 'vitest';
import { allocate, drawSample, type Candidate } from '../../electron/engine/annotation/sample';
import { sampleWithoutReplacement, seededRandom } from '../../electron/engine/core/seeds';

const candidates: Candidate[] = Array.from({ length: 100 }, (_, i) => ({
  eventId: i + 1,
  episodeId: Math.floor(i / 10) + 1,
  idx: (i % 10) + 1,
  dataset: i < 70 ? 'things' : 'celebrities',
  model: 'gpt-3.5-turbo',
  label: i % 10 === 0 ? 'yes' : i % 10 === 1 ? 'maybe' : 'no',
  tag: null,
}));
const NAMES = { model: 'judgeModel', label: 'judgeLabel', tag: 'category' };

describe('allocation of a stratified sample', () => {
  it('proportional, rounded by largest remainder: 70/30 of 10 → 7/3; 50/30/20 of 7 → 3.5/2.1/1.4 → 4/2/1', () => {
    expect(allocate([70, 30], 10, 'proportional')).toEqual([7, 3]);
    expect(allocate([50, 30, 20], 7, 'proportional')).toEqual([4, 2, 1]);
  });

  it('equal allocation gives a small stratum everything it has and the rest to the others', () => {
    expect(allocate([100, 100, 2], 30, 'equal')).toEqual([14, 14, 2]);
    expect(allocate([5, 5], 30, 'equal')).toEqual([5, 5]);
    expect(allocate([3, 0, 9], 6, 'proportional')).toEqual([2, 0, 4]);
  });
});

describe('drawing a set', () => {
  it('a simple random sample is reproducible from its seed, without repeats', () => {
    const a = drawSample(candidates, { runs: [1], method: 'random', size: 20, seed: 5, allocation: 'proportional', overlap: 'all' }, NAMES);
    const b = drawSample(candidates, { runs: [1], method: 'random', size: 20, seed: 5, allocation: 'proportional', overlap: 'all' }, NAMES);
    const c = drawSample(candidates, { runs: [1], method: 'random', size: 20, seed: 6, allocation: 'proportional', overlap: 'all' }, NAMES);
    expect(a.items).toEqual(b.items);
    expect(a.items).not.toEqual(c.items);
    expect(new Set(a.items.map((i) => i.eventId)).size).toBe(20);
    expect(a.available).toBe(100);
  });

  it('stratified by judge label takes each stratum’s share', () => {
    const s = drawSample(candidates, { runs: [1], method: 'stratified', size: 20, strata: ['label'], seed: 1, allocation: 'proportional', overlap: 'all' }, NAMES);
    expect(s.strata).toEqual([
      { key: 'judgeLabel=maybe', available: 10, take: 2 },
      { key: 'judgeLabel=no', available: 80, take: 16 },
      { key: 'judgeLabel=yes', available: 10, take: 2 },
    ]);
    const byStratum = (key: string) => s.items.filter((i) => i.stratum === key).length;
    expect(byStratum('judgeLabel=no')).toBe(16);
    const labels = new Map(candidates.map((c) => [c.eventId, c.label]));
    expect(s.items.filter((i) => i.stratum === 'judgeLabel=yes').every((i) => labels.get(i.eventId) === 'yes')).toBe(true);
  });

  it('by dataset × label with equal allocation', () => {
    const s = drawSample(candidates, { runs: [1], method: 'stratified', size: 12, strata: ['dataset', 'label'], seed: 1, allocation: 'equal', overlap: 'all' }, NAMES);
    expect(s.strata.map((x) => x.take)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('every judge turn of chosen episodes, in dialogue order', () => {
    const s = drawSample(candidates, { runs: [1], method: 'episodes', episodes: [3, 1], seed: 1, allocation: 'proportional', overlap: 'all' }, NAMES);
    expect(s.items.map((i) => i.eventId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('the shuffle is uniform enough: each of 4 items leads about a quarter of 4,000 draws', () => {
    const random = seededRandom(42);
    const firsts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) firsts[sampleWithoutReplacement([0, 1, 2, 3], 1, random)[0]!]!++;
    for (const f of firsts) expect(Math.abs(f - 1000)).toBeLessThan(120);
  });
});
