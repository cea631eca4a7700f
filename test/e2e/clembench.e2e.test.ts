/**
 * The clembench games in Chromium: published episodes imported next to Parlor's own runs (built-in
 * players), each game's transcript, the leaderboard, the per-experiment heatmap and its breakdown
 * export, side by side with another player on the same instance, and the clemscore table with its
 * LaTeX file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { suiteFile } from '../../electron/engine/api/suite-handlers';
import { logSourceById } from '../../electron/engine/games/registry';
import { importLogs } from '../../electron/engine/runner/import-logs';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const FIXTURES = join(import.meta.dirname, '../fixtures/clembench-runs');

describe.skipIf(problem !== null)('clembench games in Chromium', STORY, () => {
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  const downloaded = async (name: string | RegExp) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  const builtin = async (game: string, limit?: number) => {
    const { runId } = await prepareRun(store, { game, dataset: { name: 'v1.6' }, repetitions: 1, seed: 1, ...(limit ? { limit } : {}), players: Object.fromEntries((game === 'matchit_ascii' ? ['player_a', 'player_b'] : game === 'referencegame' ? ['describer', 'follower'] : ['explorer']).map((r) => [r, { provider: 'builtin', model: 'reference' }])) });
    await executeRun(store, runId);
    return runId;
  };

  beforeAll(async () => {
    story = storyDir('clembench');
    store = Store.open(story.db);
    const report = await importLogs(store, logSourceById('clembench').read(FIXTURES));
    expect(report.errors).toEqual([]);
    await builtin('matchit_ascii');
    await builtin('referencegame', 1);
    await builtin('textmapworld', 1);
    app = await openAppInBrowser(store, { viewport: { width: 1400, height: 900 } });
    page = app.page;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });

  const episodeOf = (game: string, player: RegExp, outcome?: string) => {
    const run = store.runs.all().find((r) => r.game === game && r.seats.some((s) => player.test(s.player)))!;
    return store.episodes.list(run.id).find((e) => !outcome || e.outcome === outcome)!;
  };

  it("shows each game's episodes in its own transcript: grids side by side, the map explored, aborts marked", async () => {
    const aborted = episodeOf('matchit_ascii', /idefics/, 'aborted');
    await go(`#/episodes/${aborted.id}`);
    await expect.poll(() => page.getByLabel('Grids').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.matchit-abort').count(), WAIT).toBe(1);
    await screenshot(page, 'clembench-matchit-aborted');
    await go(`#/episodes/${episodeOf('referencegame', /Mixtral/, 'success').id}`);
    await expect.poll(() => page.getByTestId('verdict').count(), WAIT).toBe(1);
    await screenshot(page, 'clembench-reference');
    await go(`#/episodes/${episodeOf('textmapworld', /gpt-4o/).id}`);
    await expect.poll(() => page.getByRole('img', { name: /^Map: \d+ of \d+ rooms visited/ }).count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'clembench-mapworld');
  });

  it('ranks MatchIt players, imported and built-in, and breaks their scores down by experiment', async () => {
    await go('#/leaderboard');
    await page.getByRole('group', { name: 'Filters' }).getByRole('combobox').first().selectOption({ label: 'MatchIt ASCII (clembench)' });
    // Four players who share few grid pairs: count every finished episode of each.
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    const rows = page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference', 'imported:gpt-4o-2024-05-13-t0.0']));
    // % Played as a percentage, as the Benchmark page prints it (not 1.00).
    await expect.poll(() => page.getByTestId('leaderboard').locator('tr[data-player="builtin:reference"] [data-metric="played"]').textContent(), WAIT).toMatch(/^100\.00( ± 0\.00)?$/);
    await screenshot(page, 'clembench-leaderboard');
    await go('#/heatmap');
    await page.getByRole('group', { name: 'Filters' }).getByRole('combobox').first().selectOption({ label: 'MatchIt ASCII (clembench)' });
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await page.locator('label', { hasText: /^Topic/ }).locator('select').selectOption('experiment');
    const tex = await downloaded('Export breakdown (LaTeX)');
    expect(tex.name).toMatch(/^breakdown-v1\.6-experiment-/);
    for (const experiment of ['same\\_grid', 'different\\_grid']) expect(tex.text).toContain(experiment);
    expect(tex.text).toContain('builtin:reference');
    await screenshot(page, 'clembench-heatmap');
  });

  it('puts a published episode side by side with the built-in players on the same instance', async () => {
    const published = episodeOf('matchit_ascii', /gpt-4o/);
    await go(`#/episodes/${published.id}`);
    await page.getByRole('link', { name: /Compare with other players on this/ }).click();
    await expect.poll(() => page.getByTestId('side-by-side').locator('thead th').count(), WAIT).toBeGreaterThanOrEqual(3); // round + 2 players
    // Polled: under load the columns can show before their players' names do.
    const header = () => page.getByTestId('side-by-side').locator('thead').textContent();
    await expect.poll(header, WAIT).toContain('imported:gpt-4o-2024-05-13-t0.0');
    await expect.poll(header, WAIT).toContain('builtin:reference');
    await screenshot(page, 'clembench-side-by-side');
  });

  it('shows the clemscore table, best in bold, and exports it as LaTeX with the same numbers as the CLI', async () => {
    await go('#/benchmark');
    const table = page.getByTestId('suite-table');
    await expect.poll(() => table.locator('tbody th').allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference', 'imported:gpt-4o-2024-05-13-t0.0']));
    await expect.poll(() => table.locator('strong').count(), WAIT).toBeGreaterThan(0);
    const tex = await downloaded('Export LaTeX');
    expect(tex.name).toBe('clembench.tex');
    expect(tex.text).toBe(suiteFile(store, 'clembench', 'latex', {}).content);
    expect(tex.text).toContain('\\toprule');
    expect(tex.text).toContain('builtin:reference');
    await page.getByLabel(/map games as one column/).check();
    await expect.poll(() => table.locator('thead').textContent(), WAIT).toContain('Map Navigation');
    await screenshot(page, 'clembench-benchmark');
  });
});
