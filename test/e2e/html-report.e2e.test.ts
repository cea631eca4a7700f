/**
 * The static HTML report in Chromium (issue 28, item 9): `parlor report --html` writes a folder that
 * opens from disk (file://) with nothing fetched from anywhere else: the leaderboard, a heatmap drawn
 * as SVG, a run's episodes, a transcript whose hostile reply reads back as it was said (its <script>
 * never ran), the person beside the models on one thing, and a transcript's images loaded from the
 * folder. The Leaderboard page's "Export HTML report" downloads the same report as a zip.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';
import { parlor } from '../support/cli';
import { HOSTILE_AS_SHOWN, HUGE_QUESTION, seedReportRuns, type ReportRuns } from '../support/report-seed';

const problem = requireBrowser();

/** Every file under a folder, relative path → bytes. */
function folderFiles(root: string, dir = root, out = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) folderFiles(root, path, out);
    else out.set(relative(root, path).split('\\').join('/'), readFileSync(path));
  }
  return out;
}

describe.skipIf(problem !== null)('static HTML report in Chromium', STORY, () => {
  let runs: ReportRuns;
  const app = useAppStory('html-report', async (store) => {
    runs = await seedReportRuns(store);
  });
  const work = mkdtempSync(join(tmpdir(), 'parlor-e2e-report-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A page of the report opened from disk, failing the test on a script error; every URL it asks for is kept. */
  async function openFromDisk(file: string): Promise<{ page: Page; requests: string[] }> {
    // A context of its own: nothing of the app's origin (its token, its storage) is near the report.
    const page = await app.page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(pathToFileURL(file).href);
    return { page, requests };
  }

  it('opens from disk: leaderboard, heatmap SVG, a run, a hostile transcript as written, side by side, images', async () => {
    const out = join(work, 'report');
    const cli = await parlor(app.store.path, ['report', '--html', ...runs.all.map(String), '-o', out, '--min-episodes', '1']);
    expect(cli.stderr).toMatch(/wrote the report of runs .* \(\d+ pages; open .*index\.html\)/);
    expect(cli.code).toBe(0);
    const { page, requests } = await openFromDisk(join(out, 'index.html'));

    // The leaderboard of each game, styled by the folder's own stylesheet.
    const eda = page.locator('section[data-game="eda"]');
    await expect.poll(() => eda.locator('table[data-view="leaderboard"] tbody tr').count(), WAIT).toBe(3);
    expect(await eda.locator('tr[data-player="human:ada"] th').textContent()).toBe('human:ada (human)');
    expect(await page.locator('section[data-game]').count()).toBe(5);
    expect(await page.evaluate('getComputedStyle(document.querySelector("header.top")).borderBottomStyle')).toBe('solid');
    await screenshot(page, 'html-report-index');

    // A heatmap, drawn: its cells laid out with a size.
    await eda.getByRole('link', { name: 'Heatmaps' }).click();
    const cells = page.locator('section[data-topic="category"][data-metric="score"] svg g.cell');
    await expect.poll(() => cells.count(), WAIT).toBeGreaterThan(3);
    const box = await cells.first().boundingBox();
    expect(box && box.width > 10 && box.height > 10).toBe(true);
    await screenshot(page, 'html-report-heatmap');

    // The hostile run's page, its first episode: the reply as said, and its <script> never ran.
    await page.goBack();
    await page.locator(`tr[data-run="${runs.hostile}"] a`).click();
    await page.locator('table[data-view="episodes"] tbody tr a').first().click();
    await page.locator('pre[data-text]').first().waitFor(WAIT);
    const texts = await page.locator('pre[data-text]').allTextContents();
    expect(texts).toContain(HOSTILE_AS_SHOWN);
    expect(texts).toContain(HUGE_QUESTION);
    expect(await page.title()).toMatch(/^Episode \d+: /);
    expect(await page.locator('img').count()).toBe(0);
    await screenshot(page, 'html-report-transcript', false);

    // Side by side: the person's game beside the models' on the same thing (two episodes of each model's run, and the person's).
    await page.goto(pathToFileURL(join(out, 'runs', `${runs.human}.html`)).href);
    await page.locator('table[data-view="episodes"] tbody tr a').first().click();
    await page.locator('a[data-compare]').click();
    await expect.poll(() => page.locator('.columns > section').count(), WAIT).toBe(5);
    expect(await page.locator('.columns > section h2').allTextContents()).toContain('human:ada');
    await screenshot(page, 'html-report-side-by-side', false);

    // The image game's transcript: every picture loaded from the folder.
    await page.goto(pathToFileURL(join(out, 'runs', `${runs.images}.html`)).href);
    await page.locator('table[data-view="episodes"] tbody tr a').first().click();
    const images = page.locator('figure.image img');
    await expect.poll(() => images.count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate('[...document.querySelectorAll("figure.image img")].every((img) => img.complete && img.naturalWidth > 0)'), WAIT).toBe(true);

    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    await page.close();
  });

  it("the Leaderboard's Export HTML report downloads the same report as a zip", async () => {
    await app.go('#/leaderboard');
    await expect.poll(() => app.page.locator('[data-testid="leaderboard"] tbody tr').count(), WAIT).toBe(3);
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export HTML report' }).click()]);
    const zip = unzipSync(readFileSync((await download.path())!));
    const name = download.suggestedFilename().replace(/\.zip$/, '');
    const manifest = JSON.parse(new TextDecoder().decode(zip[`${name}/parlor-report.json`])) as { runs: number[] };
    // The runs behind the page's rows: the mock model's two runs, the hostile one and the person's.
    expect(manifest.runs).toEqual([runs.outside, runs.hostile, runs.mock, runs.human].sort((a, b) => a - b));
    expect(name).toBe(`parlor-report-runs-${manifest.runs.join('-')}`);

    const out = join(work, 'from-cli');
    const cli = await parlor(app.store.path, ['report', '--html', manifest.runs.join(','), '-o', out]);
    expect(cli.code).toBe(0);
    const written = folderFiles(out);
    const zipped = new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(name.length + 1), Buffer.from(bytes)]));
    expect([...zipped.keys()].sort()).toEqual([...written.keys()].sort());
    for (const [path, bytes] of written) expect(zipped.get(path)!.equals(bytes), path).toBe(true);

    const { page } = await openFromDisk(join(out, 'index.html'));
    await expect.poll(() => page.locator('table[data-view="leaderboard"] tbody tr').count(), WAIT).toBe(3);
    await page.close();
  });
});
