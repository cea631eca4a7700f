import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRate } from '../../shared/contract/annotation';
import { wilson } from '../../electron/engine/stats/proportions';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { launchChromium, newAppPage, requireBrowser, screenshot, startServe, storyDir, STORY, WAIT, type ServeProcess } from '../support/browser';
import { parlor } from '../support/cli';

const problem = requireBrowser();

describe.skipIf(problem !== null)('judge-error annotation by keyboard, end to end', STORY, () => {
  let mock: MockProvider;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  let db: string;
  /** Item position → whether this annotator said the judge was wrong. */
  const wrong = new Map<number, boolean>();
  let undone = 0;

  const openApp = async () => {
    serve = await startServe(db);
    page = await newAppPage(browser, { width: 1200, height: 900 });
    await page.goto(serve.openUrl);
  };
  const card = () => page.getByTestId('annotation-card');
  /** Types the annotator's name into the prompt, once the prompt has taken the focus. */
  const enterName = async () => {
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id'), WAIT).toBe('annotator-name');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('annotator').textContent(), WAIT).toBe('Ada');
  };
  const position = async () => Number(/Item (\d+)/.exec((await card().locator('p.meta').first().textContent()) ?? '')![1]);

  /** Labels the item on screen by keyboard: every third one wrong, the others accepted. */
  const labelCurrent = async () => {
    const at = await position();
    const judge = (await card().locator('.produced-label .chip').textContent())!.trim();
    const sayWrong = at % 3 === 0 || judge === 'off-format';
    if (sayWrong) await page.keyboard.press(judge === 'Yes' ? 'n' : 'y');
    else await page.keyboard.press('Enter');
    wrong.set(at, sayWrong);
    await expect.poll(async () => ((await card().count()) ? position() : -1), WAIT).not.toBe(at);
  };

  beforeAll(async () => {
    mock = await startMockProvider();
    story = storyDir('annotate');
    db = story.db;
    const run = await parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '3', '--repetitions', '1', '--seed', '5']);
    expect(run.code, run.stderr).toBe(0);
    browser = await launchChromium();
    await openApp();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await mock?.close();
    story?.remove();
  });

  it('draws a set of 20 judge answers from the finished run', async () => {
    await page.getByRole('link', { name: 'Annotate' }).click();
    await page.getByRole('checkbox', { name: /#1/ }).check();
    await page.getByLabel('Judge answers to draw').fill('20');
    await page.getByLabel('Seed').fill('3');
    await expect.poll(() => page.getByTestId('set-preview').textContent(), WAIT).toMatch(/^20 of \d+ judge answers/);
    await page.getByRole('button', { name: 'Create set and start labelling' }).click();
    await expect.poll(() => page.url(), WAIT).toMatch(/#\/annotations\/1\/label$/);
  });

  it('labels ten items by keyboard alone, shows the next item within one frame, and undoes one', async () => {
    await enterName();
    await expect.poll(() => card().count(), WAIT).toBe(1);
    await page.keyboard.press('?');
    await expect.poll(() => page.getByRole('dialog', { name: 'Keys' }).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'annotate-help', false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('t'); // the dialogue before, then hide it again
    await screenshot(page, 'annotate-item', false);
    await page.keyboard.press('t');

    // One frame: dispatch the key in the page and look at the card at the next animation frame.
    const first = await position();
    const judge = (await card().locator('.produced-label .chip').textContent())!.trim();
    expect(judge).not.toBe('off-format');
    // (In-page code as a string: this file is type-checked without the DOM library.)
    const nextInFrame = await page.evaluate<string>(`(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return document.querySelector('[data-testid="annotation-card"] p.meta')?.textContent ?? '';
    })()`);
    expect(nextInFrame).not.toContain(`Item ${first} `);
    wrong.set(first, false);

    for (let i = 0; i < 9; i++) await labelCurrent();
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('10 left');
    const lastLabelled = Math.max(...wrong.keys());
    await page.keyboard.press('u');
    await expect.poll(() => position(), WAIT).toBe(lastLabelled);
    wrong.delete(lastLabelled);
    undone = lastLabelled;
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('11 left');
  });

  it('keeps every label when the app is closed, and finishes the set after reopening', async () => {
    await page.close();
    await serve.stop();
    await openApp();
    await page.getByRole('link', { name: 'Annotate' }).click();
    await page.getByRole('link', { name: 'Annotate', exact: true }).nth(1).click();
    // The database remembers who labels in it, and Ada has labelled this set: no question, her queue.
    await expect.poll(() => page.getByTestId('annotator').textContent(), WAIT).toBe('Ada');
    await expect.poll(() => page.getByTestId('remaining').textContent(), WAIT).toBe('11 left');
    // The undone item is first again: its label was really taken back, the others really kept.
    await expect.poll(position, WAIT).toBe(undone);
    for (let i = 0; i < 11; i++) await labelCurrent();
    await expect.poll(() => page.getByRole('heading', { name: 'All labelled' }).isVisible(), WAIT).toBe(true);
  });

  it('reports the error rate the labels imply, as `parlor annotations report` does', async () => {
    expect(wrong.size).toBe(20);
    const k = [...wrong.values()].filter(Boolean).length;
    const expected = formatRate(wilson(k, 20));
    await page.getByRole('link', { name: 'See the error rate' }).click();
    await expect.poll(() => page.getByTestId('error-rate').textContent(), WAIT).toBe(expected);
    await screenshot(page, 'annotation-results');
    const cli = await parlor(db, ['annotations', 'report', '1']);
    expect(cli.stdout).toContain(`Judge error rate: ${expected}`);
  });
});
