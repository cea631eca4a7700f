/**
 * An annotator's pack in browser mode (issue 28, item 4): a set is packed for Ada from a database where
 * Bo has already labelled; `parlor serve --db ada.parlor` opens it with no network, shows Ada as the
 * annotator the pack fixed (no way to change it) and none of Bo's labels; Ada labels every item by
 * keyboard; merged back, the lab's database holds both people's labels, and merging again adds nothing.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as annotation from '../../electron/engine/annotation/sets';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { launchChromium, newAppPage, requireBrowser, screenshot, startServe, storyDir, STORY, WAIT, type ServeProcess } from '../support/browser';
import { parlor } from '../support/cli';
import { apiCaller } from '../support/api';

const problem = requireBrowser();

describe.skipIf(problem !== null)("an annotator's pack opened in browser mode", STORY, () => {
  let mock: MockProvider;
  let serve: ServeProcess | undefined;
  let browser: Browser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  let lab: string;
  let pack: string;
  let setId = 0;
  const card = () => page.getByTestId('annotation-card');
  const position = async () => Number(/Item (\d+)/.exec((await card().locator('p.meta').first().textContent()) ?? '')![1]);

  beforeAll(async () => {
    mock = await startMockProvider();
    story = storyDir('annotation-pack');
    lab = story.db;
    pack = join(story.dir, 'ada.parlor');
    const run = await parlor(lab, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '3', '--repetitions', '1', '--seed', '5', '--no-preflight']);
    expect(run.code, run.stderr).toBe(0);
    const store = Store.open(lab);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      setId = annotation.createSet(store, 'offline check', { runs: [1], method: 'random', size: 5, seed: 2 }).id;
      // Bo labels every item in the lab: the pack must not show it to Ada.
      const call = apiCaller(service);
      const queue = await call('annotations.queue', { setId, annotator: 'Bo', limit: 50 });
      for (const item of queue.items) await call('annotations.label', { setId, itemId: item.itemId, annotator: 'Bo', verdict: 'correct', note: 'bo-was-here' });
    } finally {
      await service.close();
    }
    const packed = await parlor(lab, ['annotations', 'pack', String(setId), '--annotator', 'Ada', '-o', pack]);
    expect(packed.code, packed.stderr).toBe(0);
    browser = await launchChromium();
    serve = await startServe(pack);
    page = await newAppPage(browser, { width: 1200, height: 900 });
    await page.goto(serve.openUrl);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await mock?.close();
    story?.remove();
  });

  it('opens on the pack with Ada fixed as the annotator, no way to change it, and none of Bo\'s labels', async () => {
    await page.goto(`${serve!.openUrl.split('#')[0]}#/annotations/${setId}/label`);
    await expect.poll(() => page.getByTestId('annotator').textContent(), WAIT).toBe('Ada');
    expect(await page.getByText('annotator (fixed by this pack)').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'change' }).count()).toBe(0);
    await expect.poll(() => card().count(), WAIT).toBe(1);
    expect(await page.locator('body').textContent()).not.toContain('bo-was-here');
    await screenshot(page, 'annotation-pack');
  });

  it('labels every item of the pack by keyboard', async () => {
    for (let k = 0; k < 5; k++) {
      const at = await position();
      await page.keyboard.press('Enter');
      await expect.poll(async () => ((await card().count()) ? position() : -1), WAIT).not.toBe(at);
    }
    await expect.poll(() => page.getByRole('heading', { name: 'All labelled' }).count(), WAIT).toBe(1);
  });

  it('merged back, the lab holds both people\'s labels; merging the pack again adds nothing', async () => {
    await serve!.stop();
    serve = undefined;
    const merged = await parlor(lab, ['merge', pack, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    // Every item labelled by both, whatever the judge said (a loaded machine may play other answers).
    const store = Store.open(lab);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      const progress = await apiCaller(service)('annotations.progress', { setId });
      expect(progress.map((p) => [p.annotator, p.done, p.total]).sort()).toEqual([['Ada', 5, 5], ['Bo', 5, 5]]);
    } finally {
      await service.close();
    }
    const again = JSON.parse((await parlor(lab, ['merge', pack, '--json'])).stdout) as { files: { added: Record<string, number> }[] };
    expect(Object.values(again.files[0]!.added).every((n) => n === 0)).toBe(true);
  }, 120_000);
});
