/**
 * Large runs in Chromium: the New run page estimates a run live and in batch mode side by side and
 * starts it in batch mode (only the judge's calls batched); the run page lists its provider batches,
 * against the loopback mock's batch service through the real SDK; prices take a cached-input price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatches } from '../../electron/engine/api/runs-handlers';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();

describe.skipIf(problem !== null)('large runs in Chromium', STORY, () => {
  let mock: MockProvider;
  beforeAll(async () => {
    mock = await startMockProvider({ batches: { completeAfterMs: 5 } });
  });
  afterAll(() => mock?.close());

  const app = useAppStory('large-runs', async (store: Store) => {
    // The mock starts before the story's seed runs (beforeAll order), so its URL is known here.
    for (const [name, model] of [['Mock guesser', 'mock-guesser'], ['Mock judge', 'mock-judge']] as const) {
      store.models.saveProfile({ name, config: { provider: 'openai', model, baseUrl: mock.openaiBaseUrl } });
      store.models.setPrice('openai', model, 2, 8);
    }
  });

  it('estimates both modes and starts a run whose judge calls go in batches', async () => {
    const page = app.page;
    await page.getByRole('link', { name: 'New run' }).first().click();
    await page.getByLabel('Guesser').selectOption({ label: 'Mock guesser (openai:mock-guesser)' });
    await page.getByLabel('Judge').selectOption({ label: 'Mock judge (openai:mock-judge)' });
    await page.getByLabel('Repetitions').fill('1');
    await page.getByLabel('Limit (first N entities)').fill('3');
    await page.getByLabel('Seed').fill('4');
    const modes = page.getByTestId('estimate-modes');
    await expect.poll(() => modes.textContent(), WAIT).toMatch(/Live\$[\d.]+about .* at 2 s a call/);
    // The estimate follows the form: polled until it is the one for 3 entities × 1 repetition.
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toContain('3 episodes');
    const prices = async () => (await modes.locator('tbody td.num').allTextContents()).map((t) => Number(t.replace('$', '')));
    // Batch mode is half the price, both shown to the cent.
    await expect.poll(async () => { const [live, batch] = await prices(); return Math.abs(batch! - live! / 2) <= 0.006; }, WAIT).toBe(true);
    await page.getByLabel('Mode').selectOption('batch');
    await page.getByRole('checkbox', { name: 'Judge' }).check();
    await page.getByLabel('Ask for results every (s)').fill('0.02');
    await screenshot(page, 'large-runs-new');
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => page.url(), WAIT).toMatch(/#\/runs\/\d+$/);
    await expect.poll(() => page.getByTestId('progress-text').first().textContent(), { timeout: 30_000 }).toMatch(/^100% · 3\/3/);
    const runId = Number(/#\/runs\/(\d+)$/.exec(page.url())![1]);
    // The run has ended, so every batch it sent is in the store; the list refreshes on batch events a
    // moment after the progress bar (later still on a busy machine): polled until it shows them all, ended.
    await expect.poll(() => app.store.runs.get(runId).status, WAIT).toBe('done');
    const sent = runBatches(app.store, runId).length;
    expect(sent).toBeGreaterThan(1);
    const rows = page.getByTestId('batch-row');
    await expect.poll(async () => (await rows.allTextContents()).filter((r) => r.includes('openai:mock-judge') && r.includes('ended')).length, WAIT).toBe(sent);
    expect(await rows.count()).toBe(sent);
    await expect.poll(() => page.getByTestId('run-batches').textContent(), WAIT).toContain('Every batch has ended.');
    await screenshot(page, 'large-runs-run');
    const calls = app.store.episodes.list(runId).flatMap((e) => app.store.models.calls(e.id));
    expect(new Set(calls.filter((c) => c.role === 'judge').map((c) => c.batchId !== null || c.cached))).toEqual(new Set([true]));
    expect(calls.filter((c) => c.role === 'guesser').every((c) => c.batchId === null)).toBe(true);
  });

  it('takes a cached-input price in the price editor', async () => {
    const page = app.page;
    await page.getByRole('link', { name: 'Models & keys' }).click();
    await page.getByRole('button', { name: 'Edit the price of openai:mock-judge' }).click();
    await page.getByLabel('Cached input $ per million (optional)').fill('0.5');
    await page.getByRole('button', { name: 'Save price' }).click();
    await expect.poll(() => app.store.models.listPrices().find((p) => p.model === 'mock-judge')?.cachedInputPerMTok, WAIT).toBe(0.5);
    expect(app.store.models.listPrices().find((p) => p.model === 'mock-judge')).toMatchObject({ cachedInputPerMTok: 0.5, cacheWritePerMTok: null });
  });
});
