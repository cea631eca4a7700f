/**
 * Issue 17, item 1 on real runs: a one-game player can no longer top the table in bold, its cells
 * say too few; all-mode views say when the players ran on different instances; the CLI takes the
 * minimum, and refuses a bad one.
 */
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { tempStore } from '../support/tmp';
import { playListGuesser } from '../support/eda';
import { apiCaller } from '../support/api';

const api = (store: Store) => apiCaller(createApiService({ store, vault: new MemoryVault(), mode: 'browser' }));

describe('views that cannot mislead', () => {
  it('a player with one game is too few to print or to be best; with the minimum lowered it is both', async () => {
    const store = tempStore();
    await playListGuesser(store, 'lucky', 1);
    await playListGuesser(store, 'steady', 8);
    const call = api(store);
    const board = await call('explore.leaderboard', { filters: { dataset: 'things', instances: 'all' } });
    expect(board.minEpisodes).toBe(5);
    const lucky = board.rows.find((r) => r.player === 'scripted:lucky')!;
    expect(lucky.metrics.score!.n).toBe(1);
    expect(Object.values(board.best).flat()).not.toContain('scripted:lucky');
    expect(board.coverage).toEqual({ mode: 'all', total: 8, shared: 1 });

    const csv = await call('explore.export', { view: 'leaderboard', format: 'csv', filters: { dataset: 'things', instances: 'all' } });
    const line = csv.content.split('\r\n').find((l) => l.startsWith('scripted:lucky'))!;
    expect(line).toMatch(/too few episodes \(under 5\) for #Turns n = 1/);
    const tex = await call('explore.export', { view: 'leaderboard', format: 'latex', filters: { dataset: 'things', instances: 'all' } });
    expect(tex.content).toContain('scripted:lucky & (n=1) & (n=1) & (n=1) & (n=1) & 1');

    const low = await call('explore.leaderboard', { filters: { dataset: 'things', instances: 'all', minEpisodes: 1 } });
    expect(low.rows.find((r) => r.player === 'scripted:lucky')!.metrics.score).toBeDefined();
    expect(low.minEpisodes).toBe(1);
  });

  it('the CLI takes --min-episodes and refuses one below 1 with the reason', async () => {
    const store = tempStore();
    await playListGuesser(store, 'steady', 6);
    const ok = await parlor(store.path, ['export', 'leaderboard', '--dataset', 'things', '--min-episodes', '10']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/too few episodes \(under 10\)/);
    const bad = await parlor(store.path, ['export', 'leaderboard', '--dataset', 'things', '--min-episodes', '0']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--min-episodes must be a whole number of at least 1 (e.g. 5), not "0".');
  });
});
