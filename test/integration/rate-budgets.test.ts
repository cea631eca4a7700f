/** Rate budgets in the database: two connections (two processes' stores) on one file spend from one budget. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../electron/engine/players/pacer';
import { Store } from '../../electron/engine/store/store';
import { tempDir } from '../support/tmp';

const headers = (remaining: number) => new Headers({ 'x-ratelimit-limit-requests': '600', 'x-ratelimit-remaining-requests': String(remaining) });

describe('rate budgets shared through the database', () => {
  it('a call reserved by one store is seen by another on the same file', async () => {
    const path = join(tempDir(), 'p.db');
    const a = Store.open(path);
    const b = Store.open(path);
    try {
      // Timed from the level's start, so a slow machine's pauses between the calls (which refill the
      // level) cannot shorten what is measured: 4 calls on a level of 3 need one refill, ~102 ms at 9.8/s.
      const t0 = Date.now();
      const first = new Pacer('k', a.rateBudgets, {});
      first.observe(headers(4), null); // level 3 after the cushion of one
      const second = new Pacer('k', b.rateBudgets, {}); // learns from the file that the key is limited
      await first.acquire(1);
      await second.acquire(1);
      await first.acquire(1); // level 0
      await second.acquire(1); // waits for the refill only if it sees the calls the other store made
      expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
      const [row] = a.rateBudgets.list();
      expect(row).toMatchObject({ key: 'k', requestsLimit: 600 });
      expect(row!.requestsLevel).toBeLessThan(0.5);
    } finally {
      a.close();
      b.close();
    }
  });

  it('a 429 pause taken by one process holds the other', async () => {
    const path = join(tempDir(), 'p.db');
    const a = Store.open(path);
    const b = Store.open(path);
    try {
      new Pacer('k', a.rateBudgets, {}).pauseFor(150);
      const other = new Pacer('k', b.rateBudgets, { rpm: 6000 });
      const t0 = Date.now();
      await other.acquire(1);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(130);
    } finally {
      a.close();
      b.close();
    }
  });
});
