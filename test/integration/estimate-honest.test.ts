/**
 * The estimate of a run is the run it starts (issue 27, item 20): built-in players answer at once, so a
 * run of them is not estimated at 2 s a call nor as batches; a run told to skip the experiments whose
 * images are missing is estimated on the experiments it will play, and names the others.
 */
import { describe, expect, it } from 'vitest';
import { estimateRun, estimateRunChecked } from '../../electron/engine/runner/estimate';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';
import { join } from 'node:path';

const BUILTIN = { provider: 'builtin', model: 'reference' };

describe('the estimate of a run', () => {
  it('waits on no model and sends no batch for built-in players', () => {
    const store = tempStore();
    const estimate = estimateRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, players: { describer: BUILTIN, follower: BUILTIN } });
    expect(estimate.calls).toBeGreaterThan(0);
    expect(estimate.modes.live).toMatchObject({ minutes: 0, usd: 0 });
    expect(estimate.modes.batch).toMatchObject({ batches: 0 });
    expect(estimate.modes.live.basis).toMatch(/built-in players/);
  });

  it('counts the time and the batches of the model players only, and the batched roles only', () => {
    const store = tempStore();
    const model = { provider: 'openai', model: 'gpt-x' };
    const one = estimateRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 10, concurrency: 10, players: { describer: model, follower: BUILTIN } });
    const both = estimateRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 10, concurrency: 10, players: { describer: model, follower: model } });
    expect(one.modes.live.minutes).toBeCloseTo(both.modes.live.minutes / 2, 9);
    expect([one.modes.batch.batches, both.modes.batch.batches]).toEqual([1, 2]);
    const followerOnly = estimateRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 10, players: { describer: model, follower: model }, batch: { roles: ['follower'] } });
    expect(followerOnly.modes.batch.batches).toBe(1);
  });

  it('leaves out the experiments a run skips for missing images, and names them', async () => {
    const store = tempStore();
    const config = { game: 'multimodal_referencegame', dataset: { name: 'v1.6', experiments: ['line_grids_rows', 'ADE_images'] }, repetitions: 1, players: { describer: BUILTIN, follower: BUILTIN } };
    const all = estimateRun(store, config);
    const skipping = await estimateRunChecked(store, { ...config, images: { missing: 'skip' } });
    const played = estimateRun(store, { ...config, dataset: { name: 'v1.6', experiments: ['line_grids_rows'] } });
    expect(skipping.leftOut).toEqual(['ADE_images']);
    expect(skipping.episodes).toBe(played.episodes);
    expect(skipping.episodes).toBeLessThan(all.episodes);
    // Without "skip" the run would be refused for the missing images: the estimate is the whole choice.
    expect((await estimateRunChecked(store, config)).episodes).toBe(all.episodes);
  });

  it('parlor run --dry-run prints the same narrowed estimate and names what it leaves out', async () => {
    const db = join(tempDir(), 'parlor.db');
    const args = ['run', '--game', 'multimodal_referencegame', '--dataset', 'v1.6', '--experiments', 'line_grids_rows,ADE_images', '--repetitions', '1', '--describer', 'builtin:reference', '--follower', 'builtin:reference', '--dry-run'];
    const skipping = await parlor(db, [...args, '--skip-missing-images']);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stderr).toContain('not counted (images missing, skipped): ADE_images');
    const only = await parlor(db, ['run', '--game', 'multimodal_referencegame', '--dataset', 'v1.6', '--experiments', 'line_grids_rows', '--repetitions', '1', '--describer', 'builtin:reference', '--follower', 'builtin:reference', '--dry-run']);
    const episodes = (text: string) => /estimate: (\d+) episodes/.exec(text)?.[1];
    expect(episodes(skipping.stderr)).toBe(episodes(only.stderr));
  }, 120_000);
});
