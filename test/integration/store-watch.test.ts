/**
 * Runs written by another process show up live (issue 27, item 20): the service polls SQLite's
 * data_version (it changes only for other connections' commits) and, when it moved, tells the pages
 * which runs changed. A second connection to the same file stands in for the other process.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { UiEvent } from '../../shared/api/contract';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { tempDir } from '../support/tmp';

const BUILTIN = { provider: 'builtin', model: 'reference' };

describe('runs another process writes', () => {
  it('are announced: a new run, its progress and its end, a tag; nothing while nothing changes', async () => {
    const path = join(tempDir(), 'p.db');
    const mine = Store.open(path);
    const other = Store.open(path);
    const service = createApiService({ store: mine, vault: new MemoryVault(), mode: 'browser', env: {}, watchMs: 20 });
    const events: UiEvent[] = [];
    const stop = service.hub.subscribe((e) => events.push(e));
    const seen = (test: (e: UiEvent) => boolean) => expect.poll(() => events.some(test), { timeout: 10_000 }).toBe(true);
    try {
      const { runId } = await prepareRun(other, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'all' }, limit: 3, seed: 2, players: { simulator: BUILTIN, judge: BUILTIN } });
      await seen((e) => e.type === 'runs-changed');
      events.length = 0;
      await executeRun(other, runId);
      await seen((e) => e.type === 'run-changed' && e.runId === runId);
      events.length = 0;
      other.runs.setTags(runId, ['baseline']);
      await seen((e) => e.type === 'run-changed' && e.runId === runId);
      // Quiet when nothing is written: three more checks run (each reads data_version once, whole
      // within its timer tick) and none of them announces anything.
      events.length = 0;
      const checks = vi.spyOn(mine, 'externalVersion');
      await expect.poll(() => checks.mock.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      checks.mockRestore();
      expect(events).toEqual([]);
      // What the pages then read is the other process's run, played to the end.
      expect(mine.runs.list(runId)[0]).toMatchObject({ status: 'done', done: 3, tags: ['baseline'] });
    } finally {
      stop();
      await service.close();
      other.close();
      mine.close();
    }
  });
});
