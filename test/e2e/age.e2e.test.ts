/**
 * AGE in Chromium: a §4.1 run started from the New run form (the preset, four built-in seats), one
 * row per model on its run page; the leaderboard and its Table 2 LaTeX; the topic heatmap with a
 * cell's conversations; the significance table (paired where models shared conversations, Welch
 * where they did not); a transcript with seats by group and first correct guesses.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, WAIT } from '../support/browser';

const problem = requireBrowser();
const TITLE = 'AGE: Who Is Spy (adversarial word game)';
const builtin = (v: string) => ({ provider: 'builtin', model: `reference-${v}` });

describe.skipIf(problem !== null)('AGE in Chromium', () => {
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  const downloaded = async (name: string | RegExp) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  const play = async (subset: string, groups: [number, number], repetitions: number, players: unknown[]) => {
    const { runId } = await prepareRun(store, { game: 'age', dataset: { name: 'age', subset }, settings: { groups }, repetitions, limit: 2, seed: 5, players: { player: players } });
    await executeRun(store, runId);
  };

  beforeAll(async () => {
    story = storyDir('age');
    store = Store.open(story.db);
    // §4.2 in small: two models against one baseline on two topics, six conversations per pair.
    for (const model of ['x', 'y']) for (const topic of ['business', 'sports']) await play(topic, [1, 1], 6, [builtin(model), builtin('base')]);
    app = await openAppInBrowser(store, { viewport: { width: 1400, height: 900 } });
    page = app.page;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });

  it('starts §4.1 from its preset with four built-in seats and shows one row per model', async () => {
    await page.getByRole('link', { name: 'New run' }).first().click();
    await page.getByLabel('Game').selectOption({ label: TITLE });
    await page.getByLabel('Preset').selectOption('age-4.1');
    await expect.poll(() => page.getByTestId('preset-players').textContent(), WAIT).toMatch(/four models/);
    for (let k = 2; k <= 4; k++) if ((await page.getByTestId('model-list-player-row').count()) < k) await page.getByRole('button', { name: 'Add a player' }).click();
    for (let k = 1; k <= 4; k++) await page.getByLabel(`Player ${k}`, { exact: true }).selectOption({ label: 'Built-in player (no model)' });
    await page.getByLabel('Repetitions').fill('2');
    await page.getByLabel(/^Limit/).fill('3');
    await page.getByLabel('Seed').fill('7');
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toContain('6 episodes');
    await screenshot(page, 'age-new-run');
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => page.getByTestId('progress-text').first().textContent(), { timeout: 30_000 }).toMatch(/^100% · 6\/6/);
    const perPlayer = page.getByTestId('per-player').locator('tbody tr');
    await expect.poll(() => perPlayer.count(), WAIT).toBe(4);
    expect(await page.getByTestId('per-player').locator('tr[data-player="builtin:reference-a"] td[data-metric="age"]').textContent()).toMatch(/\d\.\d{4}/);
    await screenshot(page, 'age-run');
  });

  it('ranks every model on its own seats, and exports Table 2 as LaTeX', async () => {
    // AGE is the only game with runs here, so the views open on it (no game to choose).
    await go('#/leaderboard');
    await page.getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    const rows = page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference-a', 'builtin:reference-d', 'builtin:reference-x', 'builtin:reference-base']));
    expect(await rows.count()).toBe(7);
    const tex = await downloaded('Export LaTeX');
    expect(tex.text).toContain('Comprehension (successful)');
    expect(tex.text).toContain('Kept by filter');
    expect(tex.text).not.toContain('Utterances');
    await screenshot(page, 'age-leaderboard');
  });

  it('maps AGE by topic, and a cell opens its conversations', async () => {
    await go('#/heatmap');
    await page.getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await page.locator('label', { hasText: /^Topic/ }).locator('select').selectOption('topic');
    await page.locator('label', { hasText: /^Colour/ }).locator('select').selectOption('age');
    await expect.poll(() => page.locator('.chart-body g.cell').count(), WAIT).toBeGreaterThanOrEqual(7);
    const cell = page.locator('.chart-body g.cell', { hasText: /business/ }).first();
    const text = (await cell.textContent())!;
    const n = Number(/n=(\d+)/.exec(text)![1]);
    await cell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cell-episodes').locator('tbody tr').count(), WAIT).toBe(n);
    const tex = await downloaded('Export LaTeX');
    for (const topic of ['business', 'sports', 'general']) expect(tex.text).toContain(topic);
    await screenshot(page, 'age-heatmap');
  });

  it('tests every pair of models: paired where they shared conversations, Welch where they did not', async () => {
    await go('#/significance');
    await page.getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await page.locator('label', { hasText: /^Metric/ }).locator('select').selectOption('age');
    const rows = page.getByTestId('significance-row');
    await expect.poll(() => rows.count(), WAIT).toBe(21);
    const player = (v: string) => ({ has: page.locator('td', { hasText: new RegExp(`^builtin:reference-${v}$`) }) });
    const pair = (a: string, b: string) => rows.filter(player(a)).filter(player(b)).first().textContent();
    expect(await pair('a', 'b')).toMatch(/paired/i);
    expect(await pair('x', 'y')).toMatch(/welch/i);
    expect(await page.getByTestId('significance-note').textContent()).toMatch(/Holm/);
    await screenshot(page, 'age-significance');
  });

  it('shows a conversation with seats by group, every guess judged and first correct guesses marked', async () => {
    const run = store.runs.all().find((r) => r.seats.length === 4)!;
    const episode = store.episodes.list(run.id).find((e) => Object.values(e.seatScores).some((s) => s.first_guess !== undefined))!;
    await go(`#/episodes/${episode.id}`);
    await expect.poll(() => page.getByTestId('age-seat').count(), WAIT).toBe(4);
    expect(await page.locator('[data-testid="age-seat"][data-group="1"]').count()).toBe(2);
    expect(await page.getByTestId('age-turn').count()).toBeGreaterThanOrEqual(4);
    const firsts = Object.values(episode.seatScores).filter((s) => s.first_guess !== undefined).length;
    expect(await page.getByTestId('age-first-correct').count()).toBe(firsts);
    await expect.poll(() => page.getByTestId('age-end').count(), WAIT).toBe(1);
    await screenshot(page, 'age-transcript');
  });
});
