import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { _electron } from 'playwright-core';
// @ts-expect-error plain ESM helper shared with `npm start`
import { electronBinary } from '../../scripts/electron-env.mjs';
// @ts-expect-error plain ESM helper shared with `npm start`
import { electronSqliteBinding } from '../../scripts/electron-native.mjs';
import { SCREENSHOTS } from '../support/browser';

const electron = electronBinary() as { path: string | null; problem: string | null };
if (!electron.path) console.warn(`Electron e2e skipped: ${electron.problem}. The browser-mode e2e covers the UI.`);

describe.skipIf(!electron.path)('the desktop app under Electron', () => {
  it('opens one hardened window whose page reaches the engine only through window.parlor', async () => {
    // Built once for the whole test run (test/support/build-once.ts): main, engine and preload beside each other.
    expect(existsSync('dist/electron/main.mjs') && existsSync('dist/electron/engine.mjs') && existsSync('dist/electron/preload.cjs')).toBe(true);
    const binding = (await electronSqliteBinding()) as string;
    const dir = mkdtempSync(join(tmpdir(), 'parlor-electron-'));
    const app = await _electron.launch({
      executablePath: electron.path!,
      args: ['.'],
      env: { ...process.env, PARLOR_DB: join(dir, 'parlor.db'), PARLOR_SQLITE_BINDING: binding },
    });
    try {
      const page = await app.firstWindow();
      await page.waitForSelector('text=Welcome to Parlor');
      const globals = await page.evaluate(() => ({
        bridge: Object.keys((globalThis as unknown as { parlor: object }).parlor).sort(),
        require: typeof (globalThis as unknown as { require?: unknown }).require,
        process: typeof (globalThis as unknown as { process?: unknown }).process,
      }));
      expect(globals).toEqual({ bridge: ['invoke', 'onEvent'], require: 'undefined', process: 'undefined' });
      const info = await page.evaluate(() => (globalThis as unknown as { parlor: { invoke(m: string, i: unknown): Promise<unknown> } }).parlor.invoke('app.info', {}));
      expect(info).toMatchObject({ ok: true, result: { mode: 'desktop' } });
      // A mark on this document, then the navigation: the main process decides on it before it answers a
      // later call from the page, so after one round trip the same document (mark and all) must still be there.
      await page.evaluate(() => {
        const g = globalThis as unknown as { stayed: boolean; location: { href: string } };
        g.stayed = true;
        g.location.href = 'https://example.com/';
      });
      await page.evaluate(() => (globalThis as unknown as { parlor: { invoke(m: string, i: unknown): Promise<unknown> } }).parlor.invoke('app.info', {}));
      expect(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(page.url()).toMatch(/^file:.*index\.html/);
      await page.screenshot({ path: join(SCREENSHOTS, 'electron-first-view.png') });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
