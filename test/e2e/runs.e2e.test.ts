/**
 * A run's page in Chromium: tags and notes edited and shown on the runs list (and filtered there),
 * errors grouped by kind with the failing call's request and response, and the whole run downloaded.
 */
import { describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const builtin = { provider: 'builtin', model: 'reference' };

function failWithCall(store: Store, runId: number, episodeId: number, kind: 'auth' | 'connection', message: string): void {
  const modelConfigId = store.models.ensureConfig({ provider: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' } as never);
  store.models.recordCall({
    runId, episodeId, round: 1, role: 'simulator', modelConfigId, attempt: 1, request: { model: 'refused-model-request' }, response: { error: { message: 'key sk-… refused' } },
    ok: false, httpStatus: kind === 'auth' ? 401 : null, errorKind: kind, error: message, latencyMs: 3, inputTokens: null, outputTokens: null, startedAt: new Date().toISOString(),
  });
  store.episodes.fail(episodeId, kind, message);
}

describe.skipIf(problem !== null)('Runs in Chromium', STORY, () => {
  let runId = 0;
  const app = useAppStory('runs', async (store) => {
    ({ runId } = await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'hard' }, seed: 3, players: { simulator: builtin, judge: builtin } }));
    await executeRun(store, runId);
    await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'hard' }, seed: 4, players: { simulator: builtin, judge: builtin } });
    const [a, b, c] = store.episodes.list(runId).map((e) => e.id);
    failWithCall(store, runId, a!, 'connection', 'Connection refused at http://127.0.0.1:9/v1 — is the server running?');
    failWithCall(store, runId, b!, 'connection', 'Connection refused at http://127.0.0.1:9/v1 — is the server running?');
    failWithCall(store, runId, c!, 'auth', 'HTTP 401 Unauthorized: the key was refused');
  });

  it('edits tags and a note on the run page, shows and filters them on the runs list', async () => {
    await app.go(`#/runs/${runId}`);
    await app.page.getByTestId('run-tags-input').fill('Baseline hard');
    await app.page.getByTestId('run-note-input').fill('reference players, seed 3');
    await app.page.getByTestId('run-labels-save').click();
    await expect.poll(() => app.page.getByTestId('run-labels-status').textContent(), WAIT).toBe('Saved.');
    await expect.poll(() => app.page.getByTestId('run-tags-input').inputValue(), WAIT).toBe('baseline hard');
    await app.go('#/runs');
    const cell = app.page.getByTestId(`run-labels-${runId}`);
    await expect.poll(() => cell.textContent(), WAIT).toBe('baselinehardreference players, seed 3');
    await expect.poll(() => app.page.locator('tbody tr').count(), WAIT).toBe(2);
    await app.page.getByTestId('runs-tag-filter').selectOption('baseline');
    await expect.poll(() => app.page.locator('tbody tr').count(), WAIT).toBe(1);
    expect(app.store.runs.list(runId)[0]!.tags).toEqual(['baseline', 'hard']);
  });

  it('groups errors by kind with the failing call viewable', async () => {
    await app.go(`#/runs/${runId}`);
    const groups = app.page.getByTestId('error-groups').locator('details > summary');
    await expect.poll(() => groups.allTextContents(), WAIT).toEqual([
      expect.stringMatching(/^Could not connect connection · 2 episodes — Connection refused/),
      expect.stringMatching(/^Key refused auth · 1 episode — HTTP 401/),
    ]);
    const connection = app.page.getByTestId('error-group-connection');
    await connection.locator('summary').click();
    await expect.poll(() => connection.getByTestId('error-item').count(), WAIT).toBe(2);
    await connection.getByRole('button', { name: 'raw failing call' }).first().click();
    await expect.poll(() => connection.locator('pre.raw-json').textContent(), WAIT).toContain('refused-model-request');
  });

  it('downloads the whole run as JSONL and CSV', async () => {
    await app.go(`#/runs/${runId}`);
    const episodes = app.store.episodes.list(runId).length;
    const jsonl = await app.downloaded('JSONL');
    expect(jsonl.name).toBe(`run-${runId}-episodes.jsonl`);
    expect(jsonl.text.trim().split('\n')).toHaveLength(episodes);
    const csv = await app.downloaded('CSV');
    expect(csv.name).toBe(`run-${runId}-episodes.csv`);
    expect(csv.text.trim().split('\n')).toHaveLength(episodes + 1);
  });

  it('shows a run another process starts and plays, on the runs list and on its page, without a reload', async () => {
    // A second connection to the file stands in for `parlor run` in a terminal.
    const other = Store.open(app.store.path);
    try {
      await app.go('#/runs');
      const rows = app.page.locator('tbody tr');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
      const before = await rows.count();
      const { runId } = await prepareRun(other, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'hard' }, limit: 4, seed: 9, players: { simulator: builtin, judge: builtin } });
      await expect.poll(() => app.page.getByTestId(`run-row-${runId}`).count(), WAIT).toBe(1);
      expect(await rows.count()).toBe(before + 1);
      // Its page, opened before it plays, follows it to the end.
      await app.go(`#/runs/${runId}`);
      await expect.poll(() => app.page.getByTestId('progress-text').first().textContent(), WAIT).toMatch(/^0% · 0\/4/);
      await executeRun(other, runId);
      await expect.poll(() => app.page.getByTestId('progress-text').first().textContent(), WAIT).toMatch(/^100% · 4\/4/);
      await expect.poll(() => app.page.locator('.badge.status-done').count(), WAIT).toBe(1);
    } finally {
      other.close();
    }
  });
});
