/**
 * PNG export of each explore chart, timed in Chromium: from pressing "Save PNG" to the app handing
 * the finished PNG to the browser's download (measured in the page, so the test driver's own work
 * is not counted). The app runs in browser mode over a generated database. Prints
 * the first export of each chart and the median of a few more, each with its ratio to the 1 s target.
 * Usage: npm run bench:charts [-- --players 8 --repeats 5 --all-splits]  (the renderer must be built; PARLOR_RENDERER_DIR picks a build)
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { startHttpServer } from '../electron/engine/api/http-server';
import { createApiService } from '../electron/engine/api/service';
import { MemoryVault } from '../electron/engine/api/vault';
import { Store } from '../electron/engine/store/store';
import { browserProblem, launchChromium, RENDERER_DIR } from '../test/support/browser';
import { generateExploreDb } from './explore-db';

const TARGET_MS = 1000;
const { values } = parseArgs({ options: { players: { type: 'string', default: '8' }, repeats: { type: 'string', default: '5' }, 'all-splits': { type: 'boolean', default: false } } });
const repeats = Math.max(1, Number(values.repeats));
const problem = browserProblem();
if (problem) {
  console.error(`bench:charts cannot run: ${problem}`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-charts-'));
const path = join(dir, 'charts.db');
generateExploreDb(path, { players: Number(values.players), judges: 1, repetitions: 2, ...(values['all-splits'] ? {} : { splits: ['test'] }) });
const store = Store.open(path);
const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
const server = await startHttpServer({ service, staticDir: RENDERER_DIR });
const browser = await launchChromium();

/**
 * One export: milliseconds from the button's click to the app handing the PNG to the browser (its
 * download link clicked), measured in the page, and the file's size once downloaded.
 */
async function exportOnce(page: Page): Promise<{ ms: number; bytes: number }> {
  const [file, ms] = await Promise.all([
    page.waitForEvent('download'),
    // In the page as text: this script is type-checked without the DOM's types.
    page.evaluate<number>(`new Promise((resolve) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save PNG');
      const click = HTMLAnchorElement.prototype.click;
      const start = performance.now();
      HTMLAnchorElement.prototype.click = function () {
        HTMLAnchorElement.prototype.click = click;
        resolve(performance.now() - start);
        click.call(this);
      };
      button.click();
    })`),
  ]);
  let bytes = 0;
  for await (const chunk of await file.createReadStream()) bytes += (chunk as Buffer).length;
  return { ms, bytes };
}

/** The page's first export of the chart (cold), and the median of `repeats` more. */
async function timePng(page: Page): Promise<{ first: number; ms: number; bytes: number }> {
  const first = (await exportOnce(page)).ms;
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await exportOnce(page));
  runs.sort((a, b) => a.ms - b.ms);
  return { first, ...runs[Math.floor(runs.length / 2)]! };
}

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  await page.goto(server.openUrl);
  console.log(`bench:charts  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, renderer ${RENDERER_DIR}`);
  const charts: [string, string, string][] = [
    ['difficulty, Things, by entity', '#/difficulty', '.chart-body svg path'],
    ['heatmap, Things, by category', '#/heatmap', '.chart-body g.cell'],
  ];
  for (const [what, hash, ready] of charts) {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    // The view may fetch once more as its controls settle (and redraw the chart): wait until it stays put.
    let last = '';
    for (let same = 0; same < 3; ) {
      await page.waitForTimeout(200);
      const now = await page.locator('.chart-body').first().innerHTML();
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const size = await page.evaluate<string>(`(() => { const svg = document.querySelector('.chart-body svg'); return svg.getAttribute('width') + '×' + svg.getAttribute('height') + ', ' + svg.querySelectorAll('*').length + ' elements'; })()`);
    const t = await timePng(page);
    const ratio = (ms: number) => `${(ms / TARGET_MS).toFixed(2)} × the 1 s target (${ms < TARGET_MS ? 'met' : 'NOT met'})`;
    console.log(`  ${what.padEnd(30)} first ${t.first.toFixed(0).padStart(5)} ms = ${ratio(t.first)}; median of ${repeats} more ${t.ms.toFixed(0).padStart(5)} ms = ${ratio(t.ms)}; PNG ${(t.bytes / 1024).toFixed(0)} KiB, chart ${size}`);
  }
} finally {
  await browser.close();
  await server.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
}
