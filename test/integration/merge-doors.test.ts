/**
 * The doors of the merge: `db.merge` in the API (what an app page "Merge a database" calls) brings a
 * file into the open database, which then lists its runs; bad input is one clear line. `parlor merge`
 * prints a readable report, or the same report as JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MergeReport } from '../../shared/contract/merge';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';

function fixtureCopy(): string {
  const path = join(tempDir(), 'from-a-laptop.db');
  writeFileSync(path, gunzipSync(readFileSync(new URL('../fixtures/schema-13/parlor-v13.db.gz', import.meta.url))));
  return path;
}

describe('the doors of parlor merge', () => {
  it('db.merge brings a file into the database the app has open; a bad list or a missing file is one clear line', async () => {
    const store = tempStore();
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      const file = fixtureCopy();
      const reply = await service.registry.dispatch('db.merge', { files: [file] });
      expect(reply.ok).toBe(true);
      const report = (reply as { result: MergeReport }).result;
      expect(report.files[0]).toMatchObject({ file, schemaVersion: 13, added: { runs: 9, episodes: 45 } });
      const runs = await service.registry.dispatch('runs.list', {});
      expect(runs.ok && (runs.result as unknown[]).length).toBe(9);

      const empty = await service.registry.dispatch('db.merge', { files: [] });
      expect(empty).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      expect(!empty.ok && empty.error.message).toMatch(/give at least one database file to merge/);
      const missing = await service.registry.dispatch('db.merge', { files: [join(tempDir(), 'nowhere.db')] });
      expect(!missing.ok && missing.error.message).toMatch(/^No database at .*nowhere\.db: nothing to merge \(check the path\)\.$/);
      const itself = await service.registry.dispatch('db.merge', { files: [store.path] });
      expect(!itself.ok && itself.error.message).toMatch(/is the database being merged into: give another file\.$/);
    } finally {
      await service.close();
    }
  });

  it('parlor merge prints what came in, what was there and the conflicts; --json the report', async () => {
    const db = join(tempDir(), 'lab.db');
    const file = fixtureCopy();
    const first = await parlor(db, ['merge', file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Merged ${file} (schema version 13) into ${db}:`);
    expect(first.stdout).toMatch(/^ {2}came in: {6}runs 9, episodes 45, events 689, model calls 798, datasets 4, /m);
    expect(first.stdout).toMatch(/^ {2}already here: nothing$/m);
    expect(first.stdout).toContain('no conflicts');
    const again = await parlor(db, ['merge', file, '--json']);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as MergeReport;
    expect(report.files[0]!.alreadyThere).toMatchObject({ runs: 9, episodes: 45, events: 689 });
    expect(Object.values(report.files[0]!.added).every((n) => n === 0)).toBe(true);
    const bad = await parlor(db, ['merge', join(tempDir(), 'nowhere.db')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^(merge: .*\n)*parlor: No database at .*nowhere\.db: nothing to merge \(check the path\)\.\n$/);
  });
});
