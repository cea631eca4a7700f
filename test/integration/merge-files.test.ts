/**
 * `parlor merge` and the files themselves: a file written by an earlier version (schema 5, schema 13)
 * merges with every number it showed, and is left byte for byte as it was (nothing beside it either);
 * and a merge killed with SIGKILL after writing everything but the commit leaves the target's file as it
 * was, and the target then merges as if nothing had happened.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exportCommand } from '../../electron/cli/commands/export';
import { mergeDatabases } from '../../electron/engine/merge/merge';
import { Store } from '../../electron/engine/store/store';
import { fixtureOutputs } from '../fixtures/schema-13/outputs';
import { BIN, waitFor } from '../support/cli';
import { seedRun } from '../support/seed';
import { storeSnapshot } from '../support/store-snapshot';
import { tempDir } from '../support/tmp';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));

/** A fixture database, gunzipped alone in a folder of its own. */
function unpacked(gz: string, name: string): string {
  const folder = join(tempDir(), 'source');
  mkdirSync(folder);
  const path = join(folder, name);
  writeFileSync(path, gunzipSync(fixture(gz)));
  return path;
}

/** What a CLI command prints, run in this process. */
function printed(command: () => unknown): string {
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    command();
  } finally {
    process.stdout.write = write;
  }
  return out.join('');
}

describe('merging files', () => {
  it('merges a schema-5 file with every run exported as that version exported it, and leaves the file and its folder untouched', () => {
    const source = unpacked('legacy-v5/parlor-v5.db.gz', 'parlor-v5.db');
    const before = { bytes: sha(source), files: readdirSync(join(source, '..')) };
    const target = join(tempDir(), 'lab.db');
    const report = mergeDatabases(target, [source]);
    expect(report.files[0]).toMatchObject({ schemaVersion: 5, added: { runs: 11, episodes: 138, events: 4746 }, conflicts: [] });
    expect({ bytes: sha(source), files: readdirSync(join(source, '..')) }).toEqual(before);
    // Runs 1–8 as version 5 exported them (a person's runs gained a column since: legacy-db.test.ts).
    for (let run = 1; run <= 8; run++) {
      const expected = fixture(`legacy-v5/expected/run-${run}.csv`).toString('utf8');
      expect(printed(() => exportCommand(String(run), { format: 'csv', db: target })), `run ${run}`).toBe(expected);
    }
  });

  it('merges a schema-13 file into an empty database that then shows every run, transcript, export and view the file showed', async () => {
    const source = unpacked('schema-13/parlor-v13.db.gz', 'parlor-v13.db');
    const bytes = sha(source);
    const target = join(tempDir(), 'lab.db');
    mergeDatabases(target, [source]);
    expect(sha(source)).toBe(bytes);
    const then = JSON.parse(gunzipSync(fixture('schema-13/expected.json.gz')).toString('utf8')) as Record<string, unknown>;
    const now = await fixtureOutputs(target);
    // Annotation sets come with the annotation copiers (issue 28's label merge), not with the run side.
    for (const key of Object.keys(then).filter((k) => k !== 'annotations')) expect(now[key], key).toEqual(then[key]);
  });

  it('reads a file another connection has open (a run may be writing it) as one snapshot, and leaves it as it was', () => {
    const source = join(tempDir(), 'live.db');
    const writer = Store.open(source);
    try {
      const { runId } = seedRun(writer, 3);
      writer.runs.setNote(runId, 'still being written');
      const before = { bytes: sha(source), wal: sha(`${source}-wal`) };
      const target = join(tempDir(), 'lab.db');
      expect(mergeDatabases(target, [source]).files[0]!.added).toMatchObject({ runs: 1, episodes: 3 });
      expect({ bytes: sha(source), wal: sha(`${source}-wal`) }).toEqual(before);
      const merged = Store.open(target);
      expect(merged.runs.list()[0]).toMatchObject({ note: 'still being written', episodes: 3 });
      merged.close();
    } finally {
      writer.close();
    }
  });

  it('killed (SIGKILL) with everything written but the commit, leaves the target as it was; the next merge then works', async () => {
    // A source big enough that the uncommitted merge spills into the target's WAL: 30,000 events of 1 kB.
    const source = join(tempDir(), 'big.db');
    const store = Store.open(source);
    const { episodeIds } = seedRun(store, 30);
    const text = 'x'.repeat(1000);
    store.transaction(() => {
      for (const episodeId of episodeIds) {
        const events = Array.from({ length: 1000 }, (_, i) => ({ idx: i + 1, round: i + 1, from: 'guesser', to: 'judge', kind: 'response' as const, text, parts: null, action: null, valid: true, flags: [], callId: null, latencyMs: null, inputTokens: null, outputTokens: null }));
        store.events.copy(episodeId, events);
      }
    });
    store.close();
    const target = unpacked('schema-13/parlor-v13.db.gz', 'lab.db');
    Store.open(target).close(); // migrated and checkpointed: the file alone holds the database
    const before = { bytes: sha(target), rows: storeSnapshot(target) };

    const child = spawn(process.execPath, [BIN, '--db', target, 'merge', source], { env: { ...process.env, PARLOR_TEST_MERGE_HOLD: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((done) => child.once('exit', done));
    await waitFor(() => stderr.includes('holding before the commit') || child.exitCode !== null, 120_000);
    expect(stderr).toContain('merge: recomputing the sums');
    child.kill('SIGKILL');
    await exited;
    // The merge had written: 20 MB and more of frames the commit never marked.
    expect(statSync(`${target}-wal`).size).toBeGreaterThan(20_000_000);
    expect(sha(target)).toBe(before.bytes);
    expect(storeSnapshot(target)).toEqual(before.rows);

    const report = mergeDatabases(target, [source]);
    expect(report.files[0]!.added).toMatchObject({ runs: 1, episodes: 30, events: 30_000 });
  }, 180_000);
});

