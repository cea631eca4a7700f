import { describe, expect, it } from 'vitest';
import { RunConfigSchema } from '../../shared/contract/run';
import { duration } from '../../shared/text/duration';
import { modesOf } from '../../electron/engine/runner/estimate';

const config = (over: Record<string, unknown> = {}) =>
  RunConfigSchema.parse({ dataset: { name: 'things' }, concurrency: 10, players: { a: { provider: 'openai', model: 'x', ...over }, b: { provider: 'openai', model: 'y', ...over } } });

describe('the estimate of a run live and in batch mode', () => {
  it('live at 2 s a call with the episodes in flight; batch at half the price, one batch per step', () => {
    // 25 episodes of 40 calls: 3 waves of 10 episodes × 40 calls × 2 s = 240 s = 4 min.
    const modes = modesOf(config(), 25, 1000, 3.2);
    expect(modes.live).toMatchObject({ usd: 3.2, minutes: 4 });
    expect(modes.live.basis).toMatch(/at 2 s a call with 10 episodes in flight/);
    expect(modes.batch).toMatchObject({ usd: 1.6, batches: 40 });
  });

  it('live at the configured requests per minute when every model has one', () => {
    // 1,000 calls over two models at 50 per minute each = 10 min.
    expect(modesOf(config({ rpm: 50 }), 25, 1000, null)).toMatchObject({ live: { usd: null, minutes: 10 }, batch: { usd: null } });
  });

  it('prints durations roughly', () => {
    expect([duration(0.25), duration(12.4), duration(210)]).toEqual(['15 s', '12 min', '3.5 h']);
  });
});
