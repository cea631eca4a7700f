import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { launchChromium, newAppPage, requireBrowser, screenshot, startServe, storyDir, STORY, WAIT, type ServeProcess } from '../support/browser';
import { parlor } from '../support/cli';

const problem = requireBrowser();

describe.skipIf(problem !== null)('a person plays 20 questions in the app, end to end', STORY, () => {
  let mock: MockProvider;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  let db: string;
  const shot = (name: string) => screenshot(page, name);
  /** The entity of the person's game in progress, read from the database (the page never shows it). */
  const currentEntity = () => {
    const raw = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (raw.prepare(
        `SELECT i.name FROM episodes e JOIN instances i ON i.id = e.instance_id JOIN episode_seats es ON es.episode_id = e.id AND es.seat = 'guesser'
         JOIN players p ON p.id = es.player_id WHERE p.kind = 'human' AND e.status IN ('pending', 'running') ORDER BY e.id DESC LIMIT 1`,
      ).pluck().get() as string);
    } finally {
      raw.close();
    }
  };
  const chooseJudgeAndPlay = async () => {
    await page.getByLabel('Judge').selectOption({ label: 'Mock judge (openai:mock-judge)' });
    await page.getByRole('button', { name: 'Play' }).click();
  };

  beforeAll(async () => {
    mock = await startMockProvider();
    story = storyDir('human');
    db = story.db;
    // Model games of every Things-test entity, so a human game has models to be compared with.
    const run = await parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--repetitions', '1', '--seed', '3']);
    expect(run.code, run.stderr).toBe(0);
    serve = await startServe(db);
    const token = new URL(serve.openUrl).searchParams.get('token')!;
    const saved = await fetch(new URL('/api/models.save', serve.openUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mock judge', config: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } }),
    });
    expect(saved.status).toBe(200);
    browser = await launchChromium();
    page = await newAppPage(browser, { width: 1200, height: 900 });
    await page.goto(serve.openUrl);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await mock?.close();
    story?.remove();
  });

  it('first game: the tutorial, then a win by naming the entity', async () => {
    await page.getByRole('link', { name: 'Play' }).click();
    await page.getByLabel('Your name or handle').fill('ada');
    await chooseJudgeAndPlay();
    await expect.poll(() => page.getByRole('dialog', { name: /How to play/ }).isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Practice question').fill('Is it a guitar?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Bingo! That is how a game is won.').isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Start my game' }).click();
    await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe('Question 1 of 20');

    await page.getByLabel('Your question').fill('Is it alive?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe('Question 2 of 20');
    const entity = currentEntity();
    await page.getByLabel('Your question').fill(`Is it ${entity}?`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('result').locator('h2').textContent(), WAIT).toBe('You got it in 2!');
    await expect.poll(() => page.getByTestId('revealed').textContent(), WAIT).toBe(entity);
    await shot('human-win');

    await page.getByRole('link', { name: 'Compare with models on this entity' }).click();
    const headers = page.getByTestId('side-by-side').locator('thead th');
    await expect.poll(() => headers.count(), WAIT).toBeGreaterThanOrEqual(3);
    // Polled: under load the columns can show before their players' names do.
    const players = async () => (await headers.allTextContents()).join(' ');
    await expect.poll(players, WAIT).toContain('human:ada');
    await expect.poll(players, WAIT).toContain('openai:mock-guesser');
    await shot('human-side-by-side');
  });

  it('second game: a loss at the turn limit, with the must-guess cue after the 19th answer', async () => {
    await page.getByRole('link', { name: 'Play' }).click();
    await expect.poll(() => page.getByLabel('Your name or handle').inputValue(), WAIT).toBe('ada');
    await chooseJudgeAndPlay();
    for (let i = 1; i <= 20; i++) {
      await expect.poll(() => page.getByTestId('turn-counter').textContent(), WAIT).toBe(`Question ${i} of 20`);
      await page.getByLabel('Your question').fill(`Is it thing number ${i}?`);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByTestId('result').locator('h2').textContent(), WAIT).toBe('Out of questions');
    await expect.poll(() => page.locator('.chip.must-guess').count(), WAIT).toBe(1);
    await shot('human-loss');
  });

  it('both games are stored as episodes of the human player and appear on the players’ board', async () => {
    const board = page.getByTestId('player-board');
    await expect.poll(() => board.locator('tr[data-player="human:ada"] td').first().textContent(), WAIT).toBe('2');
    // Two games are fewer than the 5 a rate needs behind it: the board says so instead of 50% (9%–91%).
    await expect.poll(() => board.locator('tr[data-player="human:ada"] td').nth(1).textContent(), WAIT).toBe('too few (n = 2)');
    await expect.poll(() => board.locator('tr[data-player="openai:mock-guesser"]').count(), WAIT).toBe(1);
    const runs = await parlor(db, ['runs']);
    expect(runs.stdout).toMatch(/human:ada/);
    const humanRun = /^\s*(\d+)\s.*human:ada/m.exec(runs.stdout)![1]!;
    const episodes = await parlor(db, ['episodes', humanRun]);
    expect(episodes.stdout).toMatch(/done\s+win\s+2\b/);
    expect(episodes.stdout).toMatch(/done\s+loss\s+20\b/);
  });
});
