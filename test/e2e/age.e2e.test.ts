/**
 * AGE in Chromium: a §4.1 run started from the New run form (the preset, four built-in seats), one
 * row per model on its run page; the leaderboard and its Table 2 LaTeX; the topic heatmap with a
 * cell's conversations; the significance table (paired where models shared conversations, by word
 * pair where they played their own); a transcript with seats by group and first correct guesses.
 */
import { describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const TITLE = 'AGE: Who Is Spy (adversarial word game)';
const builtin = (v: string) => ({ provider: 'builtin', model: `reference-${v}` });

describe.skipIf(problem !== null)('AGE in Chromium', STORY, () => {
  const play = async (store: Store, subset: string, groups: [number, number], repetitions: number, players: unknown[]) => {
    const { runId } = await prepareRun(store, { game: 'age', dataset: { name: 'age', subset }, settings: { groups }, repetitions, limit: 2, seed: 5, players: { player: players } });
    await executeRun(store, runId);
  };
  // §4.2 in small: two models against one baseline on two topics, six conversations per pair.
  const app = useAppStory('age', async (store) => {
    for (const model of ['x', 'y']) for (const topic of ['business', 'sports']) await play(store, topic, [1, 1], 6, [builtin(model), builtin('base')]);
  });

  it('starts §4.1 from its preset with four built-in seats and shows one row per model', async () => {
    await app.page.getByRole('link', { name: 'New run' }).first().click();
    await app.page.getByLabel('Game').selectOption({ label: TITLE });
    await app.page.getByLabel('Preset').selectOption('age-4.1');
    await expect.poll(() => app.page.getByTestId('preset-players').textContent(), WAIT).toMatch(/four models/);
    const seats = app.page.getByTestId('model-list-player-row');
    for (let k = 2; k <= 4; k++) {
      if ((await seats.count()) < k) await app.page.getByRole('button', { name: 'Add a player' }).click();
      await expect.poll(() => seats.count(), WAIT).toBeGreaterThanOrEqual(k);
    }
    for (let k = 1; k <= 4; k++) await app.page.getByLabel(`Player ${k}`, { exact: true }).selectOption({ label: 'Built-in player (no model)' });
    await app.page.getByLabel('Repetitions').fill('2');
    await app.page.getByLabel(/^Limit/).fill('3');
    await app.page.getByLabel('Seed').fill('7');
    await expect.poll(() => app.page.getByTestId('estimate').textContent(), WAIT).toContain('6 episodes');
    await screenshot(app.page, 'age-new-run');
    await app.page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => app.page.getByTestId('progress-text').first().textContent(), { timeout: 30_000 }).toMatch(/^100% · 6\/6/);
    const perPlayer = app.page.getByTestId('per-player').locator('tbody tr');
    await expect.poll(() => perPlayer.count(), WAIT).toBe(4);
    await expect.poll(() => app.page.getByTestId('per-player').locator('tr[data-row="builtin:reference-a"] td[data-metric="age"]').textContent(), WAIT).toMatch(/\d\.\d{4}/);
    await screenshot(app.page, 'age-run');
  });

  it('ranks every model on its own seats, and exports Table 2 as LaTeX', async () => {
    // AGE is the only game with runs here, so the views open on it (no game to choose).
    await app.go('#/leaderboard');
    await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    const rows = app.page.getByTestId('leaderboard').locator('tbody th');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(expect.arrayContaining(['builtin:reference-a', 'builtin:reference-d', 'builtin:reference-x', 'builtin:reference-base']));
    await expect.poll(() => rows.count(), WAIT).toBe(7);
    const tex = await app.downloaded('Export LaTeX');
    expect(tex.text).toContain('Comprehension (successful)');
    expect(tex.text).toContain('Kept by filter');
    expect(tex.text).not.toContain('Utterances');
    await screenshot(app.page, 'age-leaderboard');
  });

  it('maps AGE by topic, and a cell opens its conversations', async () => {
    await app.go('#/heatmap');
    await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await app.page.locator('label', { hasText: /^Topic/ }).locator('select').selectOption('topic');
    await app.page.locator('label', { hasText: /^Colour/ }).locator('select').selectOption('age');
    // The chart redraws once the new metric's cells arrive: wait for its title to name it.
    await expect.poll(() => app.page.locator('.chart-body svg > title').textContent(), WAIT).toMatch(/^mean age by topic/);
    await expect.poll(() => app.page.locator('.chart-body g.cell').count(), WAIT).toBeGreaterThanOrEqual(7);
    const cell = app.page.locator('.chart-body g.cell', { hasText: /business/ }).first();
    const text = (await cell.textContent())!;
    const n = Number(/n=(\d+)/.exec(text)![1]);
    await cell.focus();
    await app.page.keyboard.press('Enter');
    await expect.poll(() => app.page.getByTestId('cell-episodes').locator('tbody tr').count(), WAIT).toBe(n);
    const tex = await app.downloaded('Export LaTeX');
    for (const topic of ['business', 'sports', 'general']) expect(tex.text).toContain(topic);
    await screenshot(app.page, 'age-heatmap');
  });

  it('tests every pair of models: paired where they shared conversations, by word pair where they did not', async () => {
    await app.go('#/significance');
    await app.page.getByRole('group', { name: 'Filters' }).getByLabel('Compare on').selectOption({ label: 'every finished episode' });
    await app.page.locator('label', { hasText: /^Metric/ }).locator('select').selectOption('age');
    const rows = app.page.getByTestId('significance-row');
    await expect.poll(() => rows.count(), WAIT).toBe(21);
    const player = (v: string) => ({ has: app.page.locator('td', { hasText: new RegExp(`^builtin:reference-${v}$`) }) });
    const pair = (a: string, b: string) => rows.filter(player(a)).filter(player(b)).first().textContent();
    await expect.poll(() => pair('a', 'b'), WAIT).toMatch(/paired/i);
    // x and y played the same word pairs in their own conversations: paired by word pair (issue 27).
    await expect.poll(() => pair('x', 'y'), WAIT).toMatch(/paired \(instances\)/);
    await expect.poll(() => app.page.getByTestId('significance-note').textContent(), WAIT).toMatch(/Holm/);
    await screenshot(app.page, 'age-significance');
  });

  it('shows a conversation with seats by group, every guess judged and first correct guesses marked', async () => {
    const run = app.store.runs.all().find((r) => r.seats.length === 4)!;
    // An episode with a first correct guess whose speaking order is not the players' order (p2 may speak first).
    const guessed = app.store.episodes.list(run.id).filter((e) => Object.values(e.seatScores).some((s) => s.first_guess !== undefined));
    const shuffled = (e: (typeof guessed)[number]) => e.seats.some((s) => (s.given as { order?: number } | null)?.order !== Number(s.seat.slice(1)));
    const episode = guessed.find(shuffled) ?? guessed[0]!;
    await app.go(`#/episodes/${episode.id}`);
    await expect.poll(() => app.page.getByTestId('age-seat').count(), WAIT).toBe(4);
    await expect.poll(() => app.page.locator('[data-testid="age-seat"][data-group="1"]').count(), WAIT).toBe(2);
    // Each seat is named by the run's player number (the form's "Player n"), not by its place in the speaking order.
    const named = await app.page.evaluate<[string, string][]>(`[...document.querySelectorAll('[data-testid="age-seat"]')].map((r) => [r.getAttribute('data-seat'), r.textContent])`);
    for (const [seat, text] of named) expect(text).toMatch(new RegExp(`^Player ${/^p(\d+)$/.exec(seat!)![1]} · speaks \\d(st|nd|rd|th) · `));
    await expect.poll(() => app.page.getByTestId('age-turn').count(), WAIT).toBeGreaterThanOrEqual(4);
    const firsts = Object.values(episode.seatScores).filter((s) => s.first_guess !== undefined).length;
    await expect.poll(() => app.page.getByTestId('age-first-correct').count(), WAIT).toBe(firsts);
    await expect.poll(() => app.page.getByTestId('age-end').count(), WAIT).toBe(1);
    await screenshot(app.page, 'age-transcript');
  });
});
