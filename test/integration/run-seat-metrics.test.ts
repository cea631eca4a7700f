/**
 * A run's seat metrics on its page (issue 27, item 7): the reference game scores each seat (who
 * aborted, the describer's expression length and tokens); the run's detail gives them per seat, the
 * same means as the episodes CSV's `<seat>_<metric>` columns, instead of no value at all.
 */
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { episodeExportRows } from '../../electron/engine/io/episodes';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { apiCaller } from '../support/api';
import { tempStore } from '../support/tmp';

const BUILTIN = { provider: 'builtin', model: 'reference' };

describe('seat metrics of a run whose roles each have one model', () => {
  it('are given per seat, with the CSV’s means, and left out of the run’s own row', async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 2, seed: 1, players: { describer: BUILTIN, follower: BUILTIN } });
    await executeRun(store, runId);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      const detail = await apiCaller(service)('runs.get', { runId });
      expect(detail.players).toBeNull();
      expect(detail.seats?.map((s) => [s.seat, s.role, s.player])).toEqual([
        ['describer', 'describer', 'builtin:reference'],
        ['follower', 'follower', 'builtin:reference'],
      ]);
      const csv = episodeExportRows(store, runId);
      const mean = (column: string) => csv.reduce((a, r) => a + Number(r[column]), 0) / csv.length;
      const value = (seat: string, metric: string) => detail.seats!.find((s) => s.seat === seat)!.metrics.find((m) => m.key === metric)!.value;
      expect(value('describer', 'expression_length')?.mean).toBeCloseTo(mean('describer_expression_length'), 9);
      expect(value('describer', 'expression_tokens')?.mean).toBeCloseTo(mean('describer_expression_tokens'), 9);
      expect(value('describer', 'abort_cause')?.mean).toBe(mean('describer_abort_cause'));
      expect(value('follower', 'abort_cause')?.mean).toBe(mean('follower_abort_cause'));
      // The follower gives no expression: no value, rather than a made-up zero.
      expect(value('follower', 'expression_length')).toBeNull();
      expect(detail.metrics.find((m) => m.key === 'played')?.value?.mean).toBe(1);
    } finally {
      await service.close();
    }
  });
});
