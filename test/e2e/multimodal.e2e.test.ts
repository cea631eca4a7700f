/**
 * The multimodal clembench games in Chromium: an image in a transcript (inline, enlarged in a dialog,
 * closed with Escape), the text and image variants of one grid instance side by side for one player,
 * the run form's image check, a run that cannot play, and the Benchmark page's text vs images table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const BUILTIN = { provider: 'builtin', model: 'reference' };

describe.skipIf(problem !== null)('multimodal games in Chromium', STORY, () => {
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  let imageRun = 0;

  beforeAll(async () => {
    story = storyDir('multimodal');
    store = Store.open(story.db);
    const play = async (game: string, players: Record<string, unknown>) => {
      const { runId } = await prepareRun(store, { game, dataset: { name: 'v1.6', experiments: ['line_grids_rows'] }, limit: 1, seed: 1, players });
      await executeRun(store, runId);
      return runId;
    };
    imageRun = await play('multimodal_referencegame', { describer: BUILTIN, follower: BUILTIN });
    await play('referencegame', { describer: BUILTIN, follower: BUILTIN });
    // A model that takes one image per message cannot play a game that shows three.
    await play('multimodal_referencegame', { describer: { provider: 'openai', model: 'one-image-model', baseUrl: 'http://127.0.0.1:9/v1', imageInput: 'one' }, follower: BUILTIN });
    app = await openAppInBrowser(store, { viewport: { width: 1400, height: 900 } });
    page = app.page;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });

  it('shows the images each player saw in the transcript, and enlarges one in a dialog that Escape closes', async () => {
    const episode = store.episodes.list(imageRun)[0]!;
    await go(`#/episodes/${episode.id}`);
    const images = page.locator('img.media');
    await expect.poll(() => images.count(), WAIT).toBeGreaterThanOrEqual(6);
    // The rendered grid arrives whole: 640×480, as clembench's plot_grid drew it.
    await expect.poll(() => page.evaluate<number>(`document.querySelector('img.media')?.naturalWidth ?? 0`), WAIT).toBe(640);
    await screenshot(page, 'multimodal-transcript');
    await page.getByRole('button', { name: /^Enlarge describer's first image/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await expect.poll(() => dialog.textContent(), WAIT).toContain('grid_images/0.png');
    await screenshot(page, 'multimodal-enlarged', false);
    // The close button has the focus; Escape closes the dialog and gives the focus back to the image.
    await expect.poll(() => page.evaluate(`document.activeElement?.textContent`), WAIT).toBe('Close');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? ''`), WAIT).toMatch(/^Enlarge describer's first image/);
  });

  it('puts the text and the image variant of one grid instance side by side', async () => {
    const episode = store.episodes.list(imageRun)[0]!;
    await go(`#/compare/${episode.id}`);
    const variant = page.locator('label', { hasText: /Reference$/ }).locator('input[type=checkbox]');
    await expect.poll(() => variant.count(), WAIT).toBe(1);
    if (!(await variant.isChecked())) await variant.check();
    const header = page.getByTestId('side-by-side').locator('thead');
    await expect.poll(() => header.textContent(), WAIT).toContain('Reference (images)');
    await expect.poll(() => header.textContent(), WAIT).toMatch(/Reference(?! \()/);
    await expect.poll(() => page.getByTestId('side-by-side').locator('img.media').count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'multimodal-side-by-side');
  });

  it('checks the images of a multimodal run before it starts', async () => {
    await go('#/runs/new');
    await page.getByLabel('Game').selectOption({ label: 'Multimodal reference game (clembench)' });
    // The form fills in the game's dataset after the game is chosen: tick an experiment once it has.
    await expect.poll(() => page.getByLabel('Dataset').inputValue(), WAIT).toBe('v1.6');
    await page.getByRole('checkbox', { name: 'line_grids_rows' }).check();
    await page.getByRole('button', { name: 'Check images' }).click();
    await expect.poll(() => page.getByTestId('image-sources').getByRole('status').textContent(), WAIT).toMatch(/^All \d+ images found \(line_grids_rows\)\.$/);
    await page.getByRole('checkbox', { name: 'line_grids_rows' }).uncheck();
    await page.getByRole('checkbox', { name: 'ADE_images' }).check();
    await page.getByRole('button', { name: 'Check images' }).click();
    await expect.poll(() => page.getByTestId('image-check').textContent(), WAIT).toMatch(/0 of \d+ images found; \d+ missing\. Ready to run: no experiment\. Missing images in: ADE_images\./);
    await page.getByText('Missing images and where Parlor looked').click();
    await expect.poll(() => page.getByTestId('image-check').textContent(), WAIT).toContain('scene_images/');
    await screenshot(page, 'multimodal-image-check');
  });

  it('marks the run of a model that takes one image per message "cannot play"', async () => {
    const run = store.runs.all().find((r) => r.seats.some((s) => s.player.includes('one-image-model')))!;
    await go(`#/runs/${run.id}`);
    await expect.poll(() => page.getByTestId('cannot-play').textContent(), WAIT).toContain('takes one image per message');
    await screenshot(page, 'multimodal-cannot-play');
  });

  it('compares text and image play per model on the Benchmark page, and exports the table as LaTeX', async () => {
    await go('#/benchmark');
    await page.getByRole('tab', { name: 'Text vs images' }).click();
    const table = page.getByTestId('comparison-table');
    await expect.poll(() => table.locator('tbody th').allTextContents(), WAIT).toContain('builtin:reference');
    for (const pair of ['MatchIt', 'Reference', 'Map Navigation']) await expect.poll(() => table.locator('thead').textContent(), WAIT).toContain(pair);
    // The built-in players solve the line_grids_rows instance in both versions: 100 % played, quality 100, Δ 0.
    const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: 'builtin:reference', exact: true }) });
    await expect.poll(() => row.textContent(), WAIT).toContain('100.00');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export LaTeX' }).click()]);
    expect(file.suggestedFilename()).toMatch(/\.tex$/);
    await screenshot(page, 'multimodal-text-vs-images');
  });
});
