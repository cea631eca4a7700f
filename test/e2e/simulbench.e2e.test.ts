/**
 * SimulBench in Chromium: two built-in simulators rated on every script and compared pairwise; the
 * leaderboard with the score table by slices (Table 4) and its LaTeX, the pairwise table (Table 1),
 * the heatmap of models × task, and the transcripts of a rated answer and of a pairwise comparison.
 */
import { describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const builtin = (v = '') => ({ provider: 'builtin', model: v ? `reference-${v}` : 'reference' });

describe.skipIf(problem !== null)('SimulBench in Chromium', STORY, () => {
  const play = async (store: Store, game: string, players: Record<string, unknown>, subset = 'all') => {
    const { runId } = await prepareRun(store, { game, dataset: { name: 'simulbench', subset }, seed: 3, players });
    await executeRun(store, runId);
  };
  const app = useAppStory('simulbench', async (store) => {
    await play(store, 'simulbench', { simulator: builtin(), judge: builtin() });
    await play(store, 'simulbench', { simulator: builtin('b'), judge: builtin() });
    await play(store, 'simulbench_pairwise', { model_a: builtin(), model_b: builtin('b'), judge: builtin() }, 'hard');
  });
  const filters = () => app.page.getByRole('group', { name: 'Filters' });

  it('ranks the simulators and shows the score table by script and simulation type, as LaTeX too', async () => {
    await app.go('#/leaderboard');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: scripts rated by a judge' });
    const rows = app.page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference', 'builtin:reference-b']));
    const slices = app.page.getByTestId('slices');
    await expect.poll(() => slices.locator('thead th').allTextContents(), WAIT).toEqual(['Simulator (tested model)', 'LastOnly', 'FirstChan', 'SubseqChan', 'Stateless', 'Stateful', 'Hard', 'All']);
    await expect.poll(() => slices.locator('tbody tr').count(), WAIT).toBe(2);
    await expect.poll(() => slices.locator('td[data-column="FirstChan"]').first().getAttribute('title'), WAIT).toMatch(/^n = 93, 95% CI/);
    const tex = await app.downloaded('Export score table (LaTeX)');
    expect(tex.text).toContain('LastOnly & FirstChan & SubseqChan & Stateless & Stateful & Hard & All');
    await screenshot(app.page, 'simulbench-leaderboard');
  });

  it('shows the pairwise table with win, tie, lose and the difference (Table 1)', async () => {
    await app.go('#/leaderboard');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: two models compared by a judge, both orders' });
    const rows = app.page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(['builtin:reference--builtin:reference-b']);
    const tex = await app.downloaded('Export LaTeX');
    expect(tex.text).toMatch(/Win \$\\uparrow\$ & Tie & Lose \$\\downarrow\$ & Win \$-\$ Lose/);
    await screenshot(app.page, 'simulbench-pairwise');
  });

  it('maps the scores by task, a cell listing its scripts', async () => {
    await app.go('#/heatmap');
    await filters().getByRole('combobox').first().selectOption({ label: 'SimulBench: scripts rated by a judge' });
    await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await app.page.locator('label', { hasText: /^Topic/ }).locator('select').selectOption('act');
    await expect.poll(() => app.page.locator('.chart-body g.cell').count(), WAIT).toBeGreaterThanOrEqual(2 * 100);
    const cell = app.page.locator('.chart-body g.cell').first();
    const n = Number(/n=(\d+)/.exec((await cell.textContent())!)![1]);
    await cell.focus();
    await app.page.keyboard.press('Enter');
    await expect.poll(() => app.page.getByTestId('cell-episodes').locator('tbody tr').count(), WAIT).toBe(n);
    await screenshot(app.page, 'simulbench-heatmap');
  });

  it('shows a rated answer under its script, monospace for a terminal, and a pairwise comparison with both verdicts', async () => {
    const single = app.store.runs.all().find((r) => r.game === 'simulbench')!;
    const terminal = app.store.episodes.list(single.id).find((e) => e.instance.key === '0')!;
    await app.go(`#/episodes/${terminal.id}`);
    await expect.poll(() => app.page.getByTestId('simul-rating').first().textContent(), WAIT).toMatch(new RegExp(`^${terminal.scores!.score} / 10`));
    await expect.poll(() => app.page.getByTestId('simul-query').textContent(), WAIT).toContain('ls -l /path/to/directory');
    const fontOf = (el: unknown) => (globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string } }).getComputedStyle((el as { querySelector(s: string): unknown }).querySelector('pre, code') ?? el).fontFamily;
    expect(await app.page.getByTestId('simul-query').evaluate(fontOf)).toMatch(/mono/i);
    await expect.poll(() => app.page.getByTestId('simul-history').count(), WAIT).toBe(1);
    await expect.poll(() => app.page.locator('[data-testid="simul-answer"][data-seat="simulator"]').count(), WAIT).toBe(1);
    await screenshot(app.page, 'simulbench-transcript');

    const pair = app.store.runs.all().find((r) => r.game === 'simulbench_pairwise')!;
    const episode = app.store.episodes.list(pair.id)[0]!;
    await app.go(`#/episodes/${episode.id}`);
    await expect.poll(() => app.page.getByTestId('simul-verdict').count(), WAIT).toBe(2);
    await expect.poll(() => app.page.locator('[data-testid="simul-verdict"][data-order="ba"]').count(), WAIT).toBe(1);
    const result = episode.scores!.win ? 'win' : episode.scores!.lose ? 'lose' : 'tie';
    await expect.poll(() => app.page.getByTestId('simul-result').first().getAttribute('data-result'), WAIT).toBe(result);
    await expect.poll(() => app.page.getByTestId('simul-flip').count(), WAIT).toBe(episode.scores!.flip);
    await screenshot(app.page, 'simulbench-pairwise-transcript');
  });

  it("calibrates the judge: a person rates its rated answers by single keys, the report gives kappa, Spearman and bias with intervals", async () => {
    const run = app.store.runs.all().find((r) => r.game === 'simulbench')!;
    const made = await app.service.registry.dispatch('annotations.create', { name: 'judge check', spec: { runs: [run.id], method: 'random', size: 6, seed: 5 } });
    expect(made.ok).toBe(true);
    const setId = (made as { result: { id: number } }).result.id;
    await app.go(`#/annotations/${setId}/label`);
    await expect.poll(() => app.page.evaluate<string | undefined>('document.activeElement?.id'), WAIT).toBe('annotator-name');
    await app.page.keyboard.type('Ada');
    await app.page.keyboard.press('Enter');
    const card = app.page.getByTestId('annotation-card');
    // The query in its quote, the rated answer apart below it (not "…query\n\nAnswer: …" in one quote).
    await expect.poll(() => card.getByTestId('judged-answer').count(), WAIT).toBe(1);
    expect(await card.getByTestId('question').textContent()).not.toContain('Answer:');
    expect(await card.getByTestId('judged-answer').locator('.meta').textContent()).toBe('Answer');
    // Ada gives 7 to every answer, 0 (= 10) to the last: keys, no mouse.
    for (let k = 0; k < 6; k++) {
      await expect.poll(() => card.count(), WAIT).toBe(1);
      const before = await card.textContent();
      await app.page.keyboard.press(k === 5 ? '0' : '7');
      await expect.poll(async () => ((await card.count()) ? card.textContent() : 'done'), WAIT).not.toBe(before);
    }
    await app.go(`#/annotations/${setId}`);
    const calibration = app.page.getByTestId('calibration');
    await expect.poll(() => calibration.textContent(), WAIT).toMatch(/kappa/i);
    await expect.poll(() => calibration.textContent(), WAIT).toMatch(/Spearman/i);
    await expect.poll(() => calibration.textContent(), WAIT).toMatch(/bias/i);
    const csv = await app.downloaded(/Calibration CSV/);
    expect(csv.text.split('\n')[0]).toMatch(/kappa|statistic/i);
    await screenshot(app.page, 'simulbench-calibration');
  });
});
