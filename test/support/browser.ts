import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BIN } from './cli';

export const CHROMIUM = process.env.PARLOR_CHROMIUM ?? '/usr/bin/chromium';
/** The built renderer; PARLOR_RENDERER_DIR points at another build (several people building at once). */
export const RENDERER_DIR = process.env.PARLOR_RENDERER_DIR ?? fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

/** Why the browser tests cannot run here, or null. They are never skipped silently. */
export function browserProblem(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set PARLOR_CHROMIUM).`;
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) return `The renderer is not built: run \`npm run build:renderer\` (npm test does).`;
  return null;
}

/**
 * A data directory for one end-to-end story (a whole describe block, unlike tempDir(), which is
 * removed after each test), with the database path inside it.
 */
export function storyDir(name: string): { dir: string; db: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `parlor-e2e-${name}-`));
  return { dir, db: join(dir, 'parlor.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Keeps a screenshot of the page as a test artifact in test-results/e2e/. */
export function screenshot(page: Page, name: string, fullPage = true): Promise<Buffer> {
  return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** How long the e2e tests wait for the app to catch up (polls, not sleeps). */
export const WAIT = { timeout: 15_000 };

/**
 * Options of an e2e story's `describe`: a test is many polled steps, each of which may take up to
 * WAIT on a machine whose cores are busy, so the default 30 s per test is too short for it there.
 */
export const STORY = { timeout: 120_000 };

/** Resolves once the page's CSS transitions and animations have finished (a progress bar's width), for a screenshot. */
export function settledAnimations(page: Page): Promise<unknown> {
  return page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished))');
}

/** The browser problem, thrown at collection unless the tests are skipped on purpose; null when all is there. */
export function requireBrowser(): string | null {
  const problem = browserProblem();
  if (problem && process.env.PARLOR_SKIP_E2E !== '1') throw new Error(`${problem}\n(Set PARLOR_SKIP_E2E=1 to skip the browser tests on purpose.)`);
  return problem;
}

/** A page whose uncaught script errors fail the test. */
export async function newAppPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface ServeProcess {
  child: ChildProcess;
  openUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

/** `parlor serve` on a database of its own, as a user would start it (serving PARLOR_RENDERER_DIR's build when it is set, as the in-process server does). */
export function startServe(db: string, env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const pages = process.env.PARLOR_RENDERER_DIR ? ['--static-dir', RENDERER_DIR] : [];
  const child = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0', ...pages], {
    env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`parlor serve printed no URL:\n${out}`)), 60_000);
    const check = () => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({
        child,
        openUrl: match[1]!,
        output: () => out,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`parlor serve exited with ${code}:\n${out}`)));
  });
}
