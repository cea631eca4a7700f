/** The dataset audit on the Datasets page: the bundled Things list's test split has Dumbbell twice. */
import { describe, expect, it } from 'vitest';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, WAIT } from '../support/browser';

const problem = requireBrowser();

describe.skipIf(problem !== null)('dataset audit in Chromium', () => {
  const app = useAppStory('datasets-audit', async () => undefined);

  it("lists the Things test split's Dumbbell duplicate and CelloMarshmallow, grouped by kind with a count", async () => {
    await app.go('#/datasets');
    await app.page.getByRole('button', { name: /^things\/test/ }).click();
    await app.page.getByTestId('dataset-audit-run').click();
    const summary = app.page.getByTestId('dataset-audit-summary');
    await expect.poll(() => summary.textContent(), WAIT).toBe('2 findings in 100 entries.');
    const group = app.page.getByTestId('dataset-audit-duplicate');
    expect(await group.locator('summary').textContent()).toBe('Exact duplicates (1)');
    expect(await group.locator('li').allTextContents()).toEqual(['Dumbbell · Dumbbell | Dumbbells "Dumbbell" appears 2 times']);
    const joined = app.page.getByTestId('dataset-audit-run-together');
    expect(await joined.locator('li').allTextContents()).toEqual([expect.stringMatching(/^CelloMarshmallow .*joined without a space/)]);
    await screenshot(app.page, 'datasets-audit');
  });

  it('says so when a split has nothing suspicious', async () => {
    await app.go('#/datasets');
    await app.page.getByRole('button', { name: /^things\/dev/ }).click();
    await app.page.getByTestId('dataset-audit-run').click();
    await expect.poll(() => app.page.getByTestId('dataset-audit-summary').textContent(), WAIT).toBe('Nothing suspicious in 100 entries.');
  });
});
