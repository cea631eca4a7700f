/**
 * Issue 27 in Chromium: a person's one game does not shrink the models' comparison, and the page
 * says who did not narrow it and why; people narrow it when asked; every explore view has the
 * players picker; the Pairwise panel names its test; switching game sends no request with the old
 * game's choices; a date range with no runs says so instead of "every player finished every one".
 */
import { describe, expect, it } from 'vitest';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, WAIT } from '../support/browser';
import { seedAge, withOnePerson } from '../support/explore-seed';

const problem = requireBrowser();

describe.skipIf(problem !== null)('explore comparisons, in Chromium', { timeout: 120_000 }, () => {
  const app = useAppStory('explore-comparisons', async (store) => {
    withOnePerson(store);
    seedAge(store);
  });
  const board = () => app.page.getByTestId('leaderboard');
  const row = (player: string) => board().locator(`tr[data-player="${player}"]`);
  const coverage = () => app.page.getByTestId('coverage').textContent();

  it("one person's game leaves the models compared on every entity, and the page names who did not narrow it", async () => {
    await app.page.evaluate(`localStorage.setItem('parlor.explore.filters', JSON.stringify({ game: 'eda', dataset: 'things' }))`);
    await app.page.reload();
    await app.go('#/leaderboard');
    await expect.poll(coverage, WAIT).toBe(
      'Compared on all 8 entities: every compared player finished every one. human:ada (a person, 1 episode) and openai:x (3 episodes, fewer than the minimum of 5) do not narrow the comparison: shown on those entities only.',
    );
    await expect.poll(() => row('openai:alpha').getByTestId('row-n').textContent(), WAIT).toMatch(/^8/);
    await expect.poll(() => row('human:ada').locator('[data-metric="score"]').textContent(), WAIT).toBe('too few (n = 1)');
    const pairwise = app.page.locator('.pairwise');
    await pairwise.getByRole('combobox', { name: 'A', exact: true }).selectOption('openai:alpha');
    await pairwise.getByRole('combobox', { name: 'B', exact: true }).selectOption('openai:beta');
    await expect.poll(() => app.page.getByTestId('pairwise').textContent(), WAIT).toMatch(/^Score A − B = 0\.100 .*: paired t-test over the 8 entities both played \(8 and 8 episodes\), each player's repetitions on one averaged first\./);
    await screenshot(app.page, 'explore-person-outside');

    // Asked for (with a minimum of 1), everyone narrows it to the one entity all of them played.
    const filters = app.page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('spinbutton', { name: 'Minimum episodes behind a mean' }).fill('1');
    await filters.getByRole('checkbox', { name: 'People narrow the comparison' }).check();
    await expect.poll(coverage, WAIT).toBe('Compared on the one entity every player finished; 7 left out because not every compared player played them.');
    await filters.getByRole('checkbox', { name: 'People narrow the comparison' }).uncheck();
    await filters.getByRole('spinbutton', { name: 'Minimum episodes behind a mean' }).fill('5');
    await expect.poll(coverage, WAIT).toMatch(/^Compared on all 8 entities/);
  });

  it('every explore view has the players picker, and unticking a player takes it out of the view', async () => {
    for (const view of ['#/leaderboard', '#/heatmap', '#/difficulty', '#/significance']) {
      await app.go(view);
      await expect.poll(() => app.page.locator('.players-pick label').count(), WAIT).toBe(4);
    }
    await app.go('#/leaderboard');
    await app.page.locator('.players-pick label', { hasText: 'openai:beta' }).locator('input').uncheck();
    await expect.poll(() => board().locator('tbody tr').count(), WAIT).toBe(3);
    await app.go('#/significance');
    await expect.poll(() => app.page.getByTestId('significance-row').count(), WAIT).toBe(3);
    await app.page.locator('.players-pick label', { hasText: 'openai:beta' }).locator('input').check();
    await expect.poll(() => app.page.getByTestId('significance-row').count(), WAIT).toBe(6);
  });

  it('switching game sends no request with the old game’s players or metric', async () => {
    await app.go('#/leaderboard');
    await expect.poll(() => app.page.getByTestId('pairwise').textContent(), WAIT).toMatch(/^Score A − B/);
    const refused: string[] = [];
    app.page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await app.page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Game' }).selectOption({ label: 'AGE: Who Is Spy (adversarial word game)' });
    await expect.poll(() => board().locator('tbody tr').count(), WAIT).toBe(2);
    await expect.poll(() => app.page.getByTestId('pairwise').textContent(), WAIT).toMatch(/paired t-test over the 4 episodes both sat in/);
    expect(refused).toEqual([]);
  });

  it('a date range with no runs says so, with no table', async () => {
    await app.page.evaluate(`localStorage.setItem('parlor.explore.filters', JSON.stringify({ game: 'eda', dataset: 'things', from: '2099-01-01' }))`);
    await app.page.reload();
    await app.go('#/leaderboard');
    await expect.poll(coverage, WAIT).toBe('No finished episode matches these filters: nothing to compare.');
    expect(await board().count()).toBe(0);
  });
});
