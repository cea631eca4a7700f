/** The dataset audit on the Datasets page: the bundled Things list's test split has Dumbbell twice. */
import { describe, expect, it } from 'vitest';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();

describe.skipIf(problem !== null)('dataset audit in Chromium', STORY, () => {
  const app = useAppStory('datasets-audit', async () => undefined);

  it("lists the Things test split's Dumbbell duplicate and CelloMarshmallow, grouped by kind with a count", async () => {
    await app.go('#/datasets');
    await app.page.getByRole('button', { name: /^things\/test/ }).click();
    await app.page.getByTestId('dataset-audit-run').click();
    const summary = app.page.getByTestId('dataset-audit-summary');
    await expect.poll(() => summary.textContent(), WAIT).toBe('2 findings in 100 entries.');
    const group = app.page.getByTestId('dataset-audit-duplicate');
    await expect.poll(() => group.locator('summary').textContent(), WAIT).toBe('Exact duplicates (1)');
    await expect.poll(() => group.locator('li').allTextContents(), WAIT).toEqual(['Dumbbell · Dumbbell | Dumbbells "Dumbbell" appears 2 times']);
    const joined = app.page.getByTestId('dataset-audit-run-together');
    await expect.poll(() => joined.locator('li').allTextContents(), WAIT).toEqual([expect.stringMatching(/^CelloMarshmallow .*joined without a space/)]);
    await screenshot(app.page, 'datasets-audit');
  });

  it('says so when a split has nothing suspicious', async () => {
    await app.go('#/datasets');
    await app.page.getByRole('button', { name: /^things\/dev/ }).click();
    await app.page.getByTestId('dataset-audit-run').click();
    await expect.poll(() => app.page.getByTestId('dataset-audit-summary').textContent(), WAIT).toBe('Nothing suspicious in 100 entries.');
  });

  it("lists each game's datasets under the game's name: the clembench games' v1.6/all are told apart", async () => {
    await app.go('#/datasets');
    const picker = app.page.getByRole('group', { name: 'Dataset and subset' });
    for (const game of ['Reference', 'MatchIt', 'Reference (images)']) {
      await expect.poll(() => picker.getByRole('group', { name: game, exact: true }).getByRole('button', { name: /^v1\.6\/all/ }).count(), WAIT).toBe(1);
    }
    // Every chip sits in its game's group.
    const loose = await app.page.evaluate<number>(`[...document.querySelectorAll('.split-picker button')].filter((b) => !b.closest('.split-picker-game')).length`);
    expect(loose).toBe(0);
  });
});
