import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EDA_METRICS } from '../../electron/engine/games/eda/metrics';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { launchChromium, newAppPage, requireBrowser, screenshot, settledAnimations, startServe, storyDir, STORY, WAIT, type ServeProcess } from '../support/browser';
import { parlor } from '../support/cli';

const SECRET = 'sk-e2e-key-5f2a';
const problem = requireBrowser();

describe.skipIf(problem !== null)('browser mode, end to end in Debian Chromium', STORY, () => {
  let mock: MockProvider;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  let db: string;
  const shot = (name: string) => screenshot(page, name);

  beforeAll(async () => {
    mock = await startMockProvider({ apiKey: SECRET });
    story = storyDir('app');
    db = story.db;
    serve = await startServe(db);
    browser = await launchChromium();
    page = await newAppPage(browser, { width: 1280, height: 860 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await mock?.close();
    story?.remove();
  });

  it('opens on the welcome page from the printed URL, and refuses the URL without its token', async () => {
    const denied = await fetch(serve.openUrl.replace(/\?token=.*/, ''));
    expect(denied.status).toBe(401);
    await page.goto(serve.openUrl);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Parlor' }).isVisible(), WAIT).toBe(true);
    // It names every family of games Parlor plays.
    const welcome = (await page.locator('.welcome').textContent())!;
    for (const family of ['Entity-Deduction Arena', 'AGE', 'SimulBench', 'clembench']) expect(welcome).toContain(family);
    expect(page.url()).not.toContain('token=');
    await shot('01-first-view');
  });

  it('configures the guesser and judge on the mock provider, with a key typed into the UI', async () => {
    await page.getByRole('link', { name: 'Models & keys' }).click();
    for (const [name, model] of [['Mock guesser', 'mock-guesser'], ['Mock judge', 'mock-judge']] as const) {
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Model id').fill(model);
      await page.getByLabel('Base URL').fill(mock.openaiBaseUrl);
      await page.getByLabel('Key variable').fill('MOCK_PROVIDER_KEY');
      await page.getByLabel('API key').fill(SECRET); // each model holds its own key
      await page.getByRole('button', { name: 'Add model' }).click();
      await expect.poll(() => page.getByRole('cell', { name, exact: true }).count(), WAIT).toBe(1);
    }
    await expect.poll(() => page.getByText('key stored').count(), WAIT).toBe(2);
    await page.getByRole('row', { name: /Mock judge/ }).getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), WAIT).toMatch(/Connected in \d+ ms/);
    await shot('02-models');
  });

  it('starts a run from the form, with an estimate, and watches its progress reach 100%', async () => {
    await page.getByRole('link', { name: 'New run' }).first().click();
    await page.getByLabel('Guesser').selectOption({ label: 'Mock guesser (openai:mock-guesser)' });
    await page.getByLabel('Judge').selectOption({ label: 'Mock judge (openai:mock-judge)' });
    await page.getByLabel('Repetitions').fill('2');
    await page.getByLabel('Episodes in flight').fill('4');
    await page.getByLabel('Limit (first N entities)').fill('6');
    await page.getByLabel('Seed').fill('11');
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toContain('12 episodes');
    await shot('03-new-run');
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect.poll(() => page.url(), WAIT).toMatch(/#\/runs\/1$/);
    await expect.poll(() => page.getByTestId('progress-text').first().textContent(), { timeout: 30_000 }).toMatch(/^100% · 12\/12/);
    await expect.poll(() => page.locator('.badge.status-done').count(), WAIT).toBe(1);
    await settledAnimations(page); // the bar's width transition
    await shot('04-run');
  });

  it('shows the same Table 1 numbers as `parlor report`', async () => {
    const report = await parlor(db, ['report', '1', '--json']);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const json = JSON.parse(report.stdout) as { metrics: Record<string, { mean: number; std: number | null }>; done: number };
    expect(json.done).toBe(12);
    for (const metric of EDA_METRICS) {
      const value = json.metrics[metric.key]!;
      const expected = value.std === null ? value.mean.toFixed(metric.digits) : `${value.mean.toFixed(metric.digits)} ± ${value.std.toFixed(metric.digits)}`;
      await expect.poll(() => page.locator(`[data-metric="${metric.key}"]`).textContent(), WAIT).toBe(expected);
    }
  });

  it('opens a transcript with the keyboard, with coloured labels and the raw call on demand', async () => {
    const table = page.locator('.vtable-body').first();
    await table.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url(), WAIT).toMatch(/#\/episodes\/\d+$/);
    await expect.poll(() => page.getByTestId('turn').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.speaker').first().textContent(), WAIT).toBe('Q1 · guesser');
    const chips = await page.locator('.chip').allTextContents();
    expect(chips.some((c) => /^(Yes|No|Maybe|Bingo!)$/.test(c))).toBe(true);
    await page.getByRole('button', { name: 'raw guesser call' }).first().click();
    await expect.poll(() => page.locator('.raw-json').first().textContent(), WAIT).toContain('mock-guesser');
    expect(await page.locator('.raw-json').first().textContent()).not.toContain(SECRET);
    await shot('05-transcript');
  });

  it('browses a dataset split and switches to the dark theme', async () => {
    await page.getByRole('link', { name: 'Datasets' }).click();
    await page.getByRole('button', { name: /celebrities\/dev/ }).click();
    await expect.poll(() => page.getByText('100 entities').count(), WAIT).toBe(1);
    await page.getByLabel('Theme').selectOption('dark');
    await shot('06-datasets-dark');
    await page.getByLabel('Theme').selectOption('system');
  });
});
