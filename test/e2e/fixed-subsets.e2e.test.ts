/**
 * Fixed subsets in Chromium: one drawn on the Datasets page, chosen on the New run page, and the run
 * plays exactly its items; EDA's things-30 is offered to a person on the Play page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();

describe.skipIf(problem !== null)('fixed subsets in Chromium', STORY, () => {
  let mock: MockProvider;
  beforeAll(async () => {
    mock = await startMockProvider();
  });
  afterAll(() => mock?.close());

  const app = useAppStory('fixed-subsets', async (store: Store) => {
    for (const [name, model] of [['Mock guesser', 'mock-guesser'], ['Mock judge', 'mock-judge']] as const) {
      store.models.saveProfile({ name, config: { provider: 'openai', model, baseUrl: mock.openaiBaseUrl } });
    }
  });

  it('draws a subset on the Datasets page and runs on exactly its items', async () => {
    const page = app.page;
    await app.go('#/datasets');
    await page.getByRole('button', { name: /^things\/test/ }).click();
    const section = page.getByRole('region', { name: /Fixed subsets of things\/test/ });
    await expect.poll(() => section.getByRole('button', { name: 'things-30', exact: true }).count(), WAIT).toBe(1);
    const form = page.getByRole('form', { name: 'New fixed subset' });
    await form.getByLabel('Name').fill('pilot-4');
    await form.getByLabel('Size').fill('4');
    await form.getByLabel('Seed').fill('11');
    await form.getByRole('button', { name: 'Draw and save' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'pilot-4', exact: true }).getAttribute('aria-expanded'), WAIT).toBe('true');
    const items = async () => ((await section.locator('.fixed-items').count()) ? (await section.locator('.fixed-items').textContent())!.split(' · ') : []);
    await expect.poll(async () => (await items()).length, WAIT).toBe(4);
    const shown = await items();
    await screenshot(page, 'fixed-subsets-datasets');

    await page.getByRole('link', { name: 'New run' }).first().click();
    await page.getByLabel('Guesser').selectOption({ label: 'Mock guesser (openai:mock-guesser)' });
    await page.getByLabel('Judge').selectOption({ label: 'Mock judge (openai:mock-judge)' });
    await page.getByLabel('Fixed subset').selectOption('pilot-4');
    await page.getByLabel('Repetitions').fill('1');
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toMatch(/^Estimate4 episodes/);
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => page.url(), WAIT).toMatch(/#\/runs\/\d+$/);
    await expect.poll(() => page.getByTestId('progress-text').first().textContent(), { timeout: 30_000 }).toMatch(/^100% · 4\/4/);
    const runId = Number(/#\/runs\/(\d+)$/.exec(page.url())![1]);
    expect(app.store.episodes.list(runId).map((e) => e.instance.name).sort()).toEqual([...shown].sort());
  });

  it("offers EDA's things-30 to a person on the Play page", async () => {
    await app.go('#/play');
    const select = app.page.getByLabel('Fixed subset');
    await expect.poll(() => select.locator('option').allTextContents(), WAIT).toEqual(expect.arrayContaining(['the whole split', 'things-30 (30, seed 30)']));
  });
});
