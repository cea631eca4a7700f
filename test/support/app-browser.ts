/**
 * The app in browser mode over a test's store, opened in Chromium: the API service, its loopback
 * server, the browser and a page on the Runs page. One `close()` undoes it all.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { Store } from '../../electron/engine/store/store';
import { launchChromium, newAppPage, RENDERER_DIR, storyDir, WAIT } from './browser';

export interface AppInBrowser {
  service: ApiService;
  server: RunningHttpServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** `prepare` runs with the service before the page opens (e.g. to save a model profile). */
export async function openAppInBrowser(store: Store, options: { viewport?: { width: number; height: number }; prepare?: (service: ApiService) => Promise<unknown> } = {}): Promise<AppInBrowser> {
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  await options.prepare?.(service);
  const server = await startHttpServer({ service, staticDir: RENDERER_DIR });
  const browser = await launchChromium();
  const page = await newAppPage(browser, options.viewport);
  // An action (a click and the navigation it starts) can take a while on a machine whose cores are busy.
  page.setDefaultTimeout(30_000);
  await page.goto(server.openUrl);
  await page.getByRole('link', { name: 'Runs' }).first().waitFor(WAIT);
  return {
    service,
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
      await service.close();
    },
  };
}

/** A story for one e2e suite: its own database, filled by `seed`, with the app open over it in Chromium; undone after the suite. */
export interface AppStory {
  store: Store;
  page: Page;
  service: ApiService;
  /** Goes to a route of the app (`#/leaderboard`). */
  go(hash: string): Promise<unknown>;
  /** Clicks the button of that name and returns the file it downloads. */
  downloaded(name: string | RegExp): Promise<{ name: string; text: string }>;
}

export function useAppStory(name: string, seed: (store: Store) => Promise<unknown>): AppStory {
  let story: ReturnType<typeof storyDir> | undefined;
  let app: AppInBrowser | undefined;
  const ctx = {} as AppStory;
  ctx.go = (hash) => ctx.page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  ctx.downloaded = async (button) => {
    const [file] = await Promise.all([ctx.page.waitForEvent('download'), ctx.page.getByRole('button', { name: button }).first().click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  beforeAll(async () => {
    story = storyDir(name);
    ctx.store = Store.open(story.db);
    await seed(ctx.store);
    app = await openAppInBrowser(ctx.store, { viewport: { width: 1400, height: 900 } });
    ctx.page = app.page;
    ctx.service = app.service;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });
  return ctx;
}
