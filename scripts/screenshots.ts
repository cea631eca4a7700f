/**
 * The README's screenshots: the showcase database (test/support/showcase.ts) seeded into a temporary
 * file, the app opened over it in browser mode in Chromium at 1400×900, and each main page written to
 * docs/screenshots/<page>-<theme>.png in the light and the dark theme. Needs the built renderer
 * (`npm run build:renderer`, or PARLOR_RENDERER_DIR) and Chromium (as the end-to-end tests).
 *
 *   npm run screenshots
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startHttpServer } from '../electron/engine/api/http-server';
import { createApiService } from '../electron/engine/api/service';
import { MemoryVault } from '../electron/engine/api/vault';
import { Store } from '../electron/engine/store/store';
import { browserProblem, launchChromium, newAppPage, RENDERER_DIR, storyDir } from '../test/support/browser';
import { seedShowcase, type Showcase } from '../test/support/showcase';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const THEMES = ['light', 'dark'] as const;

/** A page to shoot: its route and what to do there before the picture (choose a game, type a name). */
interface Shot {
  name: string;
  hash: (s: Showcase, store: Store) => string;
  prepare?: (page: Page) => Promise<void>;
}

/** Chooses a game (and options) in an explore view's filters. */
const explore = (game: string, options: Record<string, string> = {}, minEpisodes?: number) => async (page: Page) => {
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Game').selectOption(game);
  for (const [label, value] of Object.entries(options)) await filters.getByLabel(label).selectOption(value);
  // A small showcase: every cell shown, not "too few".
  if (minEpisodes) await filters.getByLabel('Minimum episodes behind a mean').fill(String(minEpisodes));
};

const SHOTS: Shot[] = [
  { name: 'runs', hash: () => '#/runs' },
  { name: 'run', hash: (s) => `#/runs/${s.runs.failing}` },
  { name: 'transcript', hash: (s, store) => `#/episodes/${store.episodes.list(s.runs.eda[0]!)[0]!.id}` },
  { name: 'leaderboard', hash: () => '#/leaderboard', prepare: explore('eda', { 'Compare on': 'all' }) },
  { name: 'heatmap', hash: () => '#/heatmap', prepare: explore('eda', { 'Compare on': 'all' }, 1) },
  { name: 'difficulty', hash: () => '#/difficulty', prepare: explore('eda', { 'Compare on': 'all' }, 1) },
  {
    name: 'annotate',
    hash: (s) => `#/annotations/${s.annotationSet}/label`,
    prepare: async (page) => {
      const name = page.locator('#annotator-name');
      if (await name.count()) {
        await name.fill('dee');
        await name.press('Enter');
      }
      await page.getByTestId('annotation-card').waitFor();
    },
  },
  { name: 'models', hash: () => '#/models' },
];

/** Waits until nothing on the page is loading and its text has stopped changing. */
async function settled(page: Page): Promise<void> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    const text = await page.locator('main').innerText();
    const busy = await page.locator('main [aria-busy="true"]').count();
    if (!busy && text === last && text.trim() && !/Loading|Computing…|Searching…/.test(text)) return;
    last = text;
    await page.waitForTimeout(150);
  }
  throw new Error(`the page at ${page.url()} did not finish loading`);
}

async function main(): Promise<void> {
  const problem = browserProblem();
  if (problem) throw new Error(problem);
  mkdirSync(OUT, { recursive: true });
  const story = storyDir('screenshots');
  const store = Store.open(story.db);
  const showcase = await seedShowcase(store);
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  const server = await startHttpServer({ service, staticDir: RENDERER_DIR });
  const browser = await launchChromium();
  try {
    const page = await newAppPage(browser, { width: 1400, height: 900 });
    page.setDefaultTimeout(15_000);
    await page.goto(server.openUrl);
    await page.getByRole('link', { name: 'Runs' }).first().waitFor();
    for (const theme of THEMES) {
      await page.locator('.sidebar-foot select').selectOption(theme);
      for (const shot of SHOTS) {
        await page.evaluate(`location.hash = ${JSON.stringify(shot.hash(showcase, store))}`);
        await settled(page);
        await shot.prepare?.(page);
        await settled(page);
        await page.evaluate('window.scrollTo(0, 0); document.activeElement instanceof HTMLElement && document.activeElement.blur()');
        const file = join(OUT, `${shot.name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await service.close();
    store.close();
    story.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
