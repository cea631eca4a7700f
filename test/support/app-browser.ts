/**
 * The app in browser mode over a test's store, opened in Chromium: the API service, its loopback
 * server, the browser and a page on the Runs page. One `close()` undoes it all.
 */
import type { Browser, Page } from 'playwright-core';
import { startHttpServer, type RunningHttpServer } from '../../electron/engine/api/http-server';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { launchChromium, newAppPage, RENDERER_DIR, WAIT } from './browser';

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
  page.setDefaultTimeout(10_000);
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
