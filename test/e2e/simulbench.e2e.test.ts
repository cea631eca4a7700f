/**
 * SimulBench in Chromium: two built-in simulators rated on every script and compared pairwise; the
 * leaderboard with the score table by slices (Table 4) and its LaTeX, the pairwise table (Table 1),
 * the heatmap of models × task, and the transcripts of a rated answer and of a pairwise comparison.
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
const builtin = (v = '') => ({ provider: 'builtin', model: v ? `reference-${v}` : 'reference' });

describe.skipIf(problem !== null)('SimulBench in Chromium', () => {
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  const filters = () => page.getByRole('group', { name: 'Filters' });
  const downloaded = async (name: string | RegExp) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  const play = async (game: string, players: Record<string, unknown>, subset = 'all') => {
    const { runId } = await prepareRun(store, { game, dataset: { name: 'simulbench', subset }, seed: 3, players });
    await executeRun(store, runId);
    return runId;
  };

  beforeAll(async () => {
    story = storyDir('simulbench');
    store = Store.open(story.db);
    await play('simulbench', { simulator: builtin(), judge: builtin() });
    await play('simulbench', { simulator: builtin('b'), judge: builtin() });
    await play('simulbench_pairwise', { model_a: builtin(), model_b: builtin('b'), judge: builtin() }, 'hard');
    app = await openAppInBrowser(store, { viewport: { width: 1400, height: 900 } });
    page = app.page;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });

  it('ranks the simulators and shows the score table by script and simulation type, as LaTeX too', async () => {
    await go('#/leaderboard');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: scripts rated by a judge' });
    const rows = page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference', 'builtin:reference-b']));
    const slices = page.getByTestId('slices');
    await expect.poll(() => slices.locator('thead th').allTextContents(), WAIT).toEqual(['Simulator (tested model)', 'LastOnly', 'FirstChan', 'SubseqChan', 'Stateless', 'Stateful', 'Hard', 'All']);
    await expect.poll(() => slices.locator('tbody tr').count(), WAIT).toBe(2);
    expect(await slices.locator('td[data-column="FirstChan"]').first().getAttribute('title')).toMatch(/^n = 93, 95% CI/);
    const tex = await downloaded('Export score table (LaTeX)');
    expect(tex.text).toContain('LastOnly & FirstChan & SubseqChan & Stateless & Stateful & Hard & All');
    await screenshot(page, 'simulbench-leaderboard');
  });

  it('shows the pairwise table with win, tie, lose and the difference (Table 1)', async () => {
    await go('#/leaderboard');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: two models compared by a judge, both orders' });
    const rows = page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(['builtin:reference--builtin:reference-b']);
    const tex = await downloaded('Export LaTeX');
    expect(tex.text).toMatch(/Win \$\\uparrow\$ & Tie & Lose \$\\downarrow\$ & Win \$-\$ Lose/);
    await screenshot(page, 'simulbench-pairwise');
  });

  it('maps the scores by task, a cell listing its scripts', async () => {
    await go('#/heatmap');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: scripts rated by a judge' });
    await page.getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await page.locator('label', { hasText: /^Topic/ }).locator('select').selectOption('act');
    await expect.poll(() => page.locator('.chart-body g.cell').count(), WAIT).toBeGreaterThanOrEqual(2 * 100);
    const cell = page.locator('.chart-body g.cell').first();
    const n = Number(/n=(\d+)/.exec((await cell.textContent())!)![1]);
    await cell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cell-episodes').locator('tbody tr').count(), WAIT).toBe(n);
    await screenshot(page, 'simulbench-heatmap');
  });

  it('shows a rated answer under its script, monospace for a terminal, and a pairwise comparison with both verdicts', async () => {
    const single = store.runs.all().find((r) => r.game === 'simulbench')!;
    const terminal = store.episodes.list(single.id).find((e) => e.instance.key === '0')!;
    await go(`#/episodes/${terminal.id}`);
    await expect.poll(() => page.getByTestId('simul-rating').first().textContent(), WAIT).toMatch(new RegExp(`^${terminal.scores!.score} / 10`));
    expect(await page.getByTestId('simul-query').textContent()).toContain('ls -l /path/to/directory');
    const fontOf = (el: unknown) => (globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string } }).getComputedStyle((el as { querySelector(s: string): unknown }).querySelector('pre, code') ?? el).fontFamily;
    expect(await page.getByTestId('simul-query').evaluate(fontOf)).toMatch(/mono/i);
    expect(await page.getByTestId('simul-history').count()).toBe(1);
    expect(await page.locator('[data-testid="simul-answer"][data-seat="simulator"]').count()).toBe(1);
    await screenshot(page, 'simulbench-transcript');

    const pair = store.runs.all().find((r) => r.game === 'simulbench_pairwise')!;
    const episode = store.episodes.list(pair.id)[0]!;
    await go(`#/episodes/${episode.id}`);
    await expect.poll(() => page.getByTestId('simul-verdict').count(), WAIT).toBe(2);
    expect(await page.locator('[data-testid="simul-verdict"][data-order="ba"]').count()).toBe(1);
    const result = episode.scores!.win ? 'win' : episode.scores!.lose ? 'lose' : 'tie';
    expect(await page.getByTestId('simul-result').first().getAttribute('data-result')).toBe(result);
    expect(await page.getByTestId('simul-flip').count()).toBe(episode.scores!.flip);
    await screenshot(page, 'simulbench-pairwise-transcript');
  });
});
