import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';
import { parlor } from '../support/cli';

const problem = requireBrowser();
const LONG_NAME = 'gpt-4o-mini-2024-07-18_vs_claude-3-5-sonnet-20241022_things-test_temperature-0.7';

describe.skipIf(problem !== null)('navigation and forms', STORY, () => {
  let mock: MockProvider;
  let app: AppInBrowser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  /** window.confirm/alert would show up here; the app must ask in the page instead. */
  const nativeDialogs: string[] = [];
  const bare = () => app.server.url;
  const go = async (hash: string) => {
    await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
    // Polled from here: the app's script policy forbids the function Playwright's waitForFunction would build in the page.
    await expect.poll(() => page.evaluate<string>('window.location.hash'), WAIT).toBe(hash);
  };
  const startGame = async () => {
    await go('#/play');
    await page.getByLabel('Your name or handle').fill('navi');
    await page.getByLabel('Judge').selectOption({ label: 'Mock judge (openai:mock-judge)' });
    await page.getByRole('button', { name: 'Play as guesser' }).click();
    await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe('Question 1 of 20');
  };
  const ask = async (question: string, next: number) => {
    await page.getByLabel('Your question').fill(question);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe(`Question ${next} of 20`);
  };

  beforeAll(async () => {
    mock = await startMockProvider();
    story = storyDir('navigation');
    const run = await parlor(story.db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--repetitions', '1', '--limit', '40', '--seed', '3']);
    expect(run.code, run.stderr).toBe(0);
    // A name with no break opportunity: the kind a person pastes from a model id.
    const long = await parlor(story.db, ['run', '--name', LONG_NAME, '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--repetitions', '1', '--limit', '1', '--seed', '4']);
    expect(long.code, long.stderr).toBe(0);
    const judge = { provider: 'openai' as const, model: 'mock-judge', baseUrl: mock.openaiBaseUrl };
    app = await openAppInBrowser(Store.open(story.db), { viewport: { width: 1400, height: 700 }, prepare: (service) => service.registry.dispatch('models.save', { name: 'Mock judge', config: judge }) });
    page = app.page;
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await mock?.close();
    story?.remove();
  });

  it('the address without its token shows a page that explains how to open Parlor (still 401); the API keeps JSON errors', async () => {
    // A fresh browser context: no asset cookie from the launch URL.
    const fresh = await app.browser.newPage();
    const reply = await fresh.goto(bare());
    expect(reply?.status()).toBe(401);
    await expect.poll(() => fresh.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Open Parlor with its link');
    const text = await fresh.locator('body').innerText();
    expect(text).toContain('parlor serve');
    expect(text).not.toMatch(/"ok"|unauthorized|\bat .*\.ts:\d+/);
    const api = await fetch(new URL('/api/runs.list', bare()), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    await screenshot(fresh, 'navigation-01-token-page');
    await fresh.close();
  });

  it('the sidebar stays in view when a long page is scrolled', async () => {
    await page.setViewportSize({ width: 1400, height: 400 });
    await go('#/runs/new');
    await expect.poll(() => page.getByLabel('Repetitions').isVisible(), WAIT).toBe(true);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(100);
    // Sticky at the top, give or take the sub-pixel offset Chromium reports mid-layout.
    const top = async () => (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.y ?? Number.NaN;
    await expect.poll(async () => Math.abs(await top()) < 1, WAIT).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Runs' }).isVisible(), WAIT).toBe(true);
    await page.setViewportSize({ width: 1400, height: 700 });
  });

  it('page headers are whole at narrow and normal widths', async () => {
    for (const width of [900, 1400]) {
      await page.setViewportSize({ width, height: 700 });
      // Each page is opened from the bottom of a long one: it must still open at its top.
      for (const hash of ['#/runs/1', '#/runs/new', '#/runs/1', '#/play', '#/runs/2', '#/runs/1', '#/models', '#/runs/1', '#/leaderboard']) {
        await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
        await go(hash);
        const h1 = page.locator('h1').first();
        await expect.poll(() => h1.isVisible(), WAIT).toBe(true);
        const box = (await h1.boundingBox())!;
        type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
        const fits = await h1.evaluate((el: Box) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
        expect({ hash, width, fits, left: box.x >= 0, right: box.x + box.width <= width, top: box.y >= 0 }).toEqual({ hash, width, fits: true, left: true, right: true, top: true });
      }
    }
    await page.setViewportSize({ width: 1400, height: 700 });
  });

  it('the New run form shows no problems until a field is touched or Start is tried', async () => {
    await go('#/runs/new');
    const form = page.locator('form.form-grid');
    await expect.poll(() => page.getByLabel('Repetitions').isVisible(), WAIT).toBe(true);
    expect(await form.locator('.field-problem').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    // (Counted at once on purpose: a fresh form must show no problem at any moment, not eventually none.)
    await page.getByLabel('Repetitions').fill('abc');
    await expect.poll(() => form.locator('.field-problem').allTextContents(), WAIT).toEqual(['A whole number from 1 to 100.']);
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => form.locator('.field-problem').allTextContents(), WAIT).toContain('Choose the model for the guesser.');
    await screenshot(page, 'navigation-02-new-run-problems');
  });

  it('"Give up" asks in the page: cancel keeps playing, confirm ends the game', async () => {
    await page.evaluate("localStorage.setItem('parlor.tutorial.done', '1')");
    await startGame();
    await ask('Is it alive?', 2);
    await page.getByRole('button', { name: 'Give up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give up this game?' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await screenshot(page, 'navigation-03-give-up', false);
    await dialog.getByRole('button', { name: 'Keep playing' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await ask('Is it big?', 3);

    await page.getByRole('button', { name: 'Give up' }).click();
    await page.keyboard.press('Escape'); // Escape is the safe choice too
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(await page.getByTestId('turn-counter').textContent()).toBe('Question 3 of 20');

    await page.getByRole('button', { name: 'Give up' }).click();
    await dialog.getByRole('button', { name: 'Give up' }).click();
    await expect.poll(() => page.getByTestId('result').locator('h2').textContent(), WAIT).toBe('Game given up');
    expect(nativeDialogs).toEqual([]);
  });

  it('a game left half-way is listed under Paused games, counted in the sidebar, and resumes where it stopped', async () => {
    await page.getByRole('button', { name: 'Play again' }).click();
    await startGame();
    await ask('Is it a tool?', 2);
    await page.reload(); // leaves the game: it stays unfinished
    await go('#/runs');
    const badge = page.getByTestId('paused-badge');
    await expect.poll(() => badge.textContent(), WAIT).toContain('1');
    await expect.poll(() => page.getByRole('link', { name: /Play.*1 paused game/ }).count(), WAIT).toBe(1);

    await page.getByRole('link', { name: /^Play/ }).click();
    const paused = page.getByTestId('paused-games');
    await expect.poll(() => paused.getByRole('heading', { name: 'Paused games' }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => paused.getByTestId('paused-game').count(), WAIT).toBe(1);
    await screenshot(page, 'navigation-04-paused');
    await paused.getByRole('link', { name: /^Resume/ }).click();
    await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe('Question 2 of 20');
    expect(await page.evaluate<string>('window.location.hash')).toBe('#/play');
    await ask('Is it made of metal?', 3);
  });
});
