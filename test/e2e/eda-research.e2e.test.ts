/**
 * EDA's research tools in Chromium: a run's games exported as training data from the run page
 * (per-turn rewards checked line by line against the schema and Eq. 1/Eq. 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatLineSchema, RewardsLineSchema } from '../../shared/contract/training';
import type { Store } from '../../electron/engine/store/store';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';
import { swapMatrix, swapPairs } from '../../electron/engine/capabilities/last-move/matrix';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { playScriptedEda, SCRIPTED_TOP5 } from '../support/eda-scripted';

const problem = requireBrowser();

describe.skipIf(problem !== null)('EDA research tools in Chromium', STORY, () => {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-e2e-research-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let runId = 0;
  let probedRun = 0;
  let mockRun = 0;
  let mock: MockProvider;
  afterAll(async () => mock?.close());
  const app = useAppStory('eda-research', async (store: Store) => {
    runId = await playScriptedEda(store, dir);
    probedRun = await playScriptedEda(store, dir, 1, { probe: { enabled: true } });
    mock = await startMockProvider();
    const model = (m: string) => ({ provider: 'openai' as const, model: m, baseUrl: mock.openaiBaseUrl });
    ({ runId: mockRun } = await prepareRun(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 4, preflight: false, players: { guesser: model('mock-guesser'), judge: model('mock-judge') } }));
    await executeRun(store, mockRun, {});
    store.models.saveProfile({ name: 'Mock guesser B', config: model('mock-guesser-b') });
    store.models.saveProfile({ name: 'Mock tagger', config: model('mock-tagger') });
  });

  it("exports a run's games as chats and as per-turn rewards from the run page", async () => {
    const page = app.page;
    await app.go(`#/runs/${runId}`);
    const panel = page.getByTestId('training-export');
    await panel.locator('summary').click();
    const chats = await app.downloaded('Export training data');
    expect(chats.name).toBe(`runs-${runId}-chat-successful.jsonl`);
    const chatLines = chats.text.trim().split('\n').map((l) => ChatLineSchema.parse(JSON.parse(l)));
    expect(chatLines).toHaveLength(2);
    await expect.poll(() => page.getByTestId('training-notes').textContent(), WAIT).toContain(`2 games from run ${runId} as chats (successful games only).`);

    await panel.getByLabel('Kind').selectOption('rewards');
    await screenshot(page, 'eda-training-export');
    const rewards = await app.downloaded('Export training data');
    const lines = rewards.text.trim().split('\n').map((l) => RewardsLineSchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(6);
    const guitar = lines.find((l) => l.instance === 'Guitar')!;
    expect(guitar.turns.map((t) => t.reward)).toEqual([0.175, 0.15, 1]);
  });

  it("shows a probed run's top 5 before each question as Table 3, with the rank chart, from the run page", async () => {
    const page = app.page;
    await app.go(`#/runs/${probedRun}`);
    await page.getByRole('link', { name: /Dialogue-state probes \(\d+\)/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Dialogue-state probes');
    await expect.poll(() => page.getByTestId('probe-series').locator('tbody tr').count(), WAIT).toBeGreaterThan(2);
    // Guitar, won at turn 3: the answer absent at turns 1 and 2 (rank 6), third at turn 3; one episode, so no interval.
    const episodes = page.getByLabel('Episode').locator('option');
    await expect.poll(async () => (await episodes.allTextContents()).some((o) => o.startsWith('Guitar')), WAIT).toBe(true);
    const options = await episodes.allTextContents();
    await page.getByLabel('Episode').selectOption({ index: options.findIndex((o) => o.startsWith('Guitar')) });
    const table = page.getByTestId('probe-episode');
    await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBe(3);
    await expect.poll(() => table.locator('tbody tr').nth(2).locator('mark').textContent(), WAIT).toBe('Guitar');
    const rows = await table.locator('tbody tr').allInnerTexts();
    for (const [i, names] of SCRIPTED_TOP5.entries()) for (const name of names) expect(rows[i]).toContain(name);
    expect(await table.locator('tr[data-turnover]').count()).toBe(1);
    expect(await table.locator('tr[data-turnover] th').textContent()).toMatch(/^1/);
    await expect.poll(() => page.locator('figure.chart svg path[stroke-width="2"]').count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'eda-probes');
    // The transcript shows each probe above its question, marked as outside the game.
    await page.getByRole('link', { name: 'Transcript' }).click();
    await expect.poll(() => page.getByTestId('probe-line').count(), WAIT).toBe(3);
    await expect.poll(() => page.getByTestId('probe-line').first().textContent(), WAIT).toBe(`Top 5 before asking (probe, outside the game): ${SCRIPTED_TOP5[0]!.join(' · ')}`);
  });

  it('swaps another model into the last turn of a run from its page, and shows the X → Y table and the last turns side by side', async () => {
    const page = app.page;
    await app.go(`#/runs/${mockRun}`);
    const panel = page.getByTestId('last-turn');
    await panel.locator('summary').click();
    await panel.getByLabel('Last turn by').selectOption({ label: 'Mock guesser B' });
    await panel.getByRole('button', { name: 'Start the swap' }).click();
    await expect.poll(() => page.url(), WAIT).not.toMatch(new RegExp(`#/runs/${mockRun}$`));
    const swapRun = Number(/#\/runs\/(\d+)$/.exec(page.url())![1]);
    await expect.poll(() => page.getByTestId('last-turn').textContent(), { timeout: 30_000 }).toContain(`A last-turn swap of run #${mockRun}`);
    await expect.poll(() => app.store.runs.get(swapRun).status, { timeout: 30_000 }).toBe('done');
    await page.getByRole('link', { name: /X → Y table/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Planning vs reasoning: last-turn swaps');
    const matrix = page.getByTestId('swap-matrix');
    await expect.poll(() => matrix.locator('td').count(), WAIT).toBe(2);
    const expected = swapMatrix(app.store, [mockRun, swapRun]);
    const cell = expected.datasets[0]!.cells.find((c) => c.to === 'openai:mock-guesser-b')!;
    expect(cell.n).toBe(3);
    await expect.poll(() => matrix.locator('td[data-to="openai:mock-guesser-b"]').textContent(), WAIT).toContain(`(${cell.n})`);
    const pairs = page.getByTestId('swap-pairs');
    await expect.poll(() => pairs.locator('tbody tr').count(), WAIT).toBe(3);
    const shown = swapPairs(app.store, swapRun);
    await expect.poll(() => pairs.locator('tbody tr').first().innerText(), WAIT).toContain(shown.pairs[0]!.swapped!.lines[0]!.text);
    await screenshot(page, 'eda-last-turn');
    const tex = await app.downloaded('Export LaTeX');
    expect(tex.text).toContain('\\begin{tabular}');
  });

  it('counts failure modes per model, runs the LLM tagger, and takes reviews by keyboard from the annotation workbench', async () => {
    const page = app.page;
    await app.go('#/annotations');
    await page.getByTestId('failure-mode-links').getByRole('link', { name: `run #${runId}` }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Failure modes');
    const counts = page.getByTestId('failure-counts');
    // The scripted games by hand: the guess at turn 3 comes after 2 Yes (all 6 games); Piano and Violin repeat it 17 times.
    await expect.poll(() => counts.locator('td[data-mode="early_enumeration"]').textContent(), WAIT).toMatch(/^6 \(100%, 61%–100%\) · 1\.00\/game/);
    await expect.poll(() => counts.locator('td[data-mode="redundancy"]').textContent(), WAIT).toMatch(/^4 \(67%, .*\) · 11\.33\/game/);
    await page.getByLabel('Your name').fill('ada');
    await page.getByRole('button', { name: 'Start' }).click();
    const card = page.getByTestId('tag-card');
    await expect.poll(() => card.locator('h3').textContent(), WAIT).toMatch(/^1\/\d+ · Early enumeration at turn 3/);
    await page.keyboard.press('n');
    await expect.poll(() => counts.locator('td[data-mode="early_enumeration"]').textContent(), WAIT).toMatch(/^5 \(83%/);
    await expect.poll(() => card.locator('h3').textContent(), WAIT).toMatch(/^2\//);
    await page.keyboard.press('k');
    await expect.poll(() => page.getByTestId('tag-status').textContent(), WAIT).toBe('Status: rejected (you: rejected) · from rules');
    await page.keyboard.press('y');
    await expect.poll(() => counts.locator('td[data-mode="early_enumeration"]').textContent(), WAIT).toMatch(/^6 /);
    await page.getByLabel('Turn', { exact: true }).fill('2');
    await page.getByLabel('Mode', { exact: true }).selectOption({ label: 'Inconsistency' });
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => counts.locator('td[data-mode="inconsistency"]').textContent(), WAIT).toMatch(/^1 /);
    await screenshot(page, 'eda-failure-modes');

    await page.getByLabel('LLM tagger').selectOption({ label: 'Mock tagger' });
    await page.getByRole('button', { name: 'Run the LLM tagger' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), WAIT).toContain('llm:openai:mock-tagger: 6 games tagged (68 tags)');
    await page.getByRole('checkbox', { name: 'the rules' }).uncheck();
    await expect.poll(() => counts.locator('td[data-mode="early_enumeration"]').textContent(), WAIT).toMatch(/^1 /); // only ada's confirmation stays
    await expect.poll(() => counts.locator('td[data-mode="redundancy"]').textContent(), WAIT).toMatch(/^4 \(67%/);
    const csv = await app.downloaded('Export CSV');
    expect(csv.text.split('\r\n')[0]).toBe('model,mode,games,tagged_games,share,share_low,share_high,tags_per_game,per_game_low,per_game_high,counted');
  });
});
