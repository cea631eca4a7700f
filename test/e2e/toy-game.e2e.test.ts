/**
 * The renderer knows no game: the test-only colour relay (three seats, an image in a prompt, an
 * aggregate, its own annotation labels) is shown, compared, played and annotated in Chromium through
 * the generic views alone, with no component written for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { COLOURS } from '../fixtures/toy-game/game';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';
import { registerFixtureGame } from '../support/fixture-games';

const problem = requireBrowser();
await registerFixtureGame('toy-game');

describe.skipIf(problem !== null)('a game the renderer has never heard of, in Chromium', STORY, () => {
  let mock: MockProvider;
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = async (hash: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  };

  beforeAll(async () => {
    mock = await startMockProvider();
    story = storyDir('toy');
    store = Store.open(story.db);
    const model = (name: string) => ({ provider: 'openai' as const, model: name, baseUrl: mock.openaiBaseUrl });
    for (const seer of ['mock-vision', 'mock-vision-broken']) {
      const { runId } = await prepareRun(store, {
        game: 'toy', dataset: { name: 'colours' }, repetitions: 2, seed: 4, preflight: false,
        players: { seer: model(seer), relay: model('mock-vision'), decider: model('mock-vision') }, settings: { reprompts: 0 },
      });
      await executeRun(store, runId);
    }
    app = await openAppInBrowser(store, { prepare: (service) => service.registry.dispatch('models.save', { name: 'vision', config: model('mock-vision') }) });
    page = app.page;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await mock?.close();
    story?.remove();
  });

  it('shows an episode as seats and events, with the seer’s picture inline in its true colour', async () => {
    await go('#/episodes/1');
    const colour = store.episodes.get(1).instance.name;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toContain(colour);
    await expect.poll(() => page.getByTestId('event').count(), WAIT).toBe(7);
    await expect.poll(() => page.getByTestId('event').first().textContent(), WAIT).toContain('round 1 · prompt · game → seer');
    // Pages run in the browser, where this file's Node types do not reach: the scripts are strings.
    await expect.poll(() => page.evaluate<number>(`document.querySelector('img.media')?.complete ? document.querySelector('img.media').naturalWidth : 0`), WAIT).toBeGreaterThan(0);
    const pixel = await page.evaluate<number[]>(`(() => {
      const img = document.querySelector('img.media');
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    })()`);
    expect(pixel).toEqual(COLOURS[colour]!.rgb);
    await expect.poll(() => page.locator('.meta').filter({ hasText: 'seer openai:mock-vision' }).count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'toy-01-transcript');
  });

  it('an aborted episode says so in the game’s words, and scores only what the rule allows', async () => {
    await go('#/runs/2');
    await expect.poll(() => page.getByText('aborted').count(), WAIT).toBeGreaterThan(0);
    await go('#/episodes/9');
    await expect.poll(() => page.locator('[data-kind="system"]').textContent(), WAIT).toContain("the seer's reply was not in the form COLOUR: <word>");
  });

  it('ranks its players by its own metrics and aggregate, on the colours both finished', async () => {
    await go('#/leaderboard');
    const board = page.getByTestId('leaderboard');
    await expect.poll(() => board.locator('thead').textContent(), WAIT).toMatch(/Seer \+ Decider.*Played ↑.*Accuracy ↑.*Faithful ↑.*Relay score ↑/);
    await expect.poll(() => page.getByTestId('coverage').textContent(), WAIT).toBe('Compared on all 4 colours: every player finished every one.');
    await expect.poll(() => board.locator('tbody tr').first().textContent(), WAIT).toMatch(/^openai:mock-vision.*100\.0/);
    // The broken seer was always aborted: no accuracy to pair, but Played is there for both.
    const pairwise = page.getByTestId('pairwise');
    await expect.poll(() => pairwise.textContent(), WAIT).toBe('No colour has a value of Accuracy for both players (aborted or unscored episodes have none).');
    await page.getByLabel('Metric to compare on').selectOption({ label: 'Played' });
    await expect.poll(() => pairwise.textContent(), WAIT).toMatch(/^Played A − B = 1\.000: no test \(the values do not vary\); paired t-test over the 4 colours both played \(\d+ and \d+ episodes\), each player's repetitions on one averaged first\.$/);
    await screenshot(page, 'toy-02-leaderboard');
  });

  it('a person takes the relay seat: sees the seer’s word but not the picture, and wins', async () => {
    await go('#/play');
    await page.getByLabel('Your name or handle').fill('ada');
    await page.getByLabel('Game').selectOption({ label: 'Colour relay (test fixture)' });
    await page.getByLabel('Your seat').selectOption({ label: 'Relay' });
    await page.getByLabel('Seer').selectOption({ label: 'vision (openai:mock-vision)' });
    await page.getByLabel('Decider').selectOption({ label: 'vision (openai:mock-vision)' });
    await page.getByRole('button', { name: 'Play as relay' }).click();
    const prompt = page.getByTestId('prompt');
    await expect.poll(() => prompt.textContent(), WAIT).toMatch(/The seer said "\w+"\. Pass it on as RELAY: <word>\./);
    expect(await page.locator('img.media').count()).toBe(0); // at once on purpose: the picture is never shown, not gone eventually
    const word = /"(\w+)"/.exec((await prompt.textContent())!)![1]!;
    await page.getByLabel('Your reply').fill(`RELAY: ${word}`);
    await page.getByLabel('Your reply').press('Enter');
    await expect.poll(() => page.getByTestId('result').locator('h2').textContent(), WAIT).toBe('Game over: right');
    await expect.poll(() => page.getByTestId('revealed').textContent(), WAIT).toBe(word);
    // The board compares the person with the models that sat in the same seat.
    await expect.poll(() => page.getByRole('heading', { name: 'Relays on Colours' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('player-board').locator('tbody th').allTextContents(), WAIT).toEqual(['ada human', 'openai:mock-vision ']);
    await screenshot(page, 'toy-03-play');
  });

  it('annotates the relay’s words with the game’s own keys', async () => {
    const reply = await app.service.registry.dispatch('annotations.create', { name: 'relays', spec: { runs: [1], method: 'random', size: 3, seed: 1, strata: undefined } });
    if (!reply.ok) throw new Error(reply.error.message);
    const setId = (reply.result as { id: number }).id;
    await go(`#/annotations/${setId}/label`);
    await page.getByLabel('Your name').fill('ada');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('3 left');
    await page.keyboard.press('f');
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('2 left');
    await page.keyboard.press('n');
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('1 left');
    await expect.poll(() => page.getByTestId('last-action').textContent(), WAIT).toMatch(/relay wrong → unfaithful/);
    await page.keyboard.press('?');
    await expect.poll(() => page.getByText('the correct verdict is Faithful / Unfaithful').count(), WAIT).toBe(1);
    await screenshot(page, 'toy-04-annotate');
  });
});
