/** Run tags and notes (schema 9), errors grouped by kind with their failing call, and the run export. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { seedRun } from '../support/seed';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';

let store: Store;
let service: ApiService;

const call = apiCaller(() => service);

beforeEach(() => {
  store = tempStore();
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(async () => {
  await service.close();
});

function failWithCall(runId: number, episodeId: number, kind: 'auth' | 'connection', message: string): number {
  const modelConfigId = store.models.ensureConfig({ provider: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' } as never);
  const ref = store.models.recordCall({
    runId, episodeId, round: 1, role: 'guesser', modelConfigId, attempt: 1, request: { model: 'm' }, response: { error: { message } },
    ok: false, httpStatus: kind === 'auth' ? 401 : null, errorKind: kind, error: message, latencyMs: 3, inputTokens: null, outputTokens: null, startedAt: new Date().toISOString(),
  });
  store.episodes.fail(episodeId, kind, message);
  return typeof ref === 'number' ? ref : Number((ref as { id: number }).id);
}

describe('run tags and notes', () => {
  it('are stored, normalized and listed', async () => {
    const { runId } = seedRun(store, 1);
    expect(await call('runs.label', { runId, tags: [' Baseline', 'temp-0.7', 'baseline'], note: '  first try with the new prompt ' })).toEqual({ tags: ['baseline', 'temp-0.7'], note: 'first try with the new prompt' });
    const [summary] = await call('runs.list', {});
    expect(summary).toMatchObject({ tags: ['baseline', 'temp-0.7'], note: 'first try with the new prompt' });
    expect(store.runs.list(runId)[0]).toMatchObject({ tags: ['baseline', 'temp-0.7'], note: 'first try with the new prompt' });
    // Only the note: the tags stay.
    expect(await call('runs.label', { runId, note: '' })).toEqual({ tags: ['baseline', 'temp-0.7'], note: '' });
  });

  it('refuse a tag with a space and an unknown run, with the reason', async () => {
    const { runId } = seedRun(store, 1);
    await expect(call('runs.label', { runId, tags: ['two words'] })).rejects.toThrow(/bad_request: The tag "two words" has a space or comma/);
    await expect(call('runs.label', { runId: 999, note: 'x' })).rejects.toThrow(/not_found: No run with id 999/);
  });

  it('are set and filtered from the CLI', async () => {
    const { runId } = seedRun(store, 1);
    seedRun(store, 1);
    store.close();
    const tagged = await parlor(store.path, ['runs', 'tag', String(runId), 'Ablation', 'v2']);
    expect(tagged.stdout).toContain(`Run ${runId} tags: ablation v2`);
    expect((await parlor(store.path, ['runs', 'untag', String(runId), 'v2'])).stdout).toContain(`Run ${runId} tags: ablation`);
    expect((await parlor(store.path, ['runs', 'note', String(runId), 'checked', 'by', 'hand'])).stdout).toContain('note saved');
    const listed = await parlor(store.path, ['runs', '--tag', 'ablation', '--json']);
    const runs = JSON.parse(listed.stdout) as { id: number; tags: string[]; note: string }[];
    expect(runs.map((r) => r.id)).toEqual([runId]);
    expect(runs[0]).toMatchObject({ tags: ['ablation'], note: 'checked by hand' });
    const table = await parlor(store.path, ['runs']);
    expect(table.stdout).toMatch(/ablation\s+checked by hand/);
    const bad = await parlor(store.path, ['runs', 'frob', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown runs action "frob"/);
  }, 90_000); // six CLI processes: several seconds each on a loaded machine
});

describe('run errors and export', () => {
  it('groups errored episodes by kind, most frequent first, each with its failed call', async () => {
    const { runId, episodeIds } = seedRun(store, 3);
    const refused = failWithCall(runId, episodeIds[0]!, 'connection', 'Connection refused at http://127.0.0.1:9/v1 — is the server running?');
    failWithCall(runId, episodeIds[1]!, 'connection', 'Connection refused at http://127.0.0.1:9/v1 — is the server running?');
    const auth = failWithCall(runId, episodeIds[2]!, 'auth', 'HTTP 401 Unauthorized');
    const groups = await call('runs.errorGroups', { runId });
    expect(groups.map((g) => [g.kind, g.count])).toEqual([['connection', 2], ['auth', 1]]);
    expect(groups[0]!.items[0]).toMatchObject({ episodeId: episodeIds[0], callId: refused, instance: 'Oar' });
    expect(groups[1]!.items[0]!.callId).toBe(auth);
    expect((await call('calls.get', { callId: auth })).httpStatus).toBe(401);
  });

  it('exports every episode of a run as JSONL or CSV', async () => {
    const { runId } = seedRun(store, 2);
    const jsonl = await call('runs.export', { runId, format: 'jsonl' });
    expect(jsonl.filename).toBe(`run-${runId}-episodes.jsonl`);
    expect(jsonl.content.trim().split('\n')).toHaveLength(2);
    const csv = await call('runs.export', { runId, format: 'csv' });
    expect(csv.mime).toBe('text/csv');
    expect(csv.content.trim().split('\n')).toHaveLength(3);
    await expect(call('runs.export', { runId, format: 'xml' as 'csv' })).rejects.toThrow(/bad_request/);
  });
});
