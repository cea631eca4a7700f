/**
 * The app page "Merge a database" (issue 28, item 2): over a fresh database, a person types the path of
 * another database file (a laptop's, here the schema-13 fixture with 9 runs), presses Enter and sees
 * busy, then the report: the runs came in; the Runs page lists them. Merging it again says nothing is
 * new and everything was already here; a wrong path gets the API's one-line error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../electron/engine/store/store';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';
import { wordingProblems } from '../support/wording';

const problem = requireBrowser();

describe.skipIf(problem !== null)('the Merge a database page', STORY, () => {
  let app: AppInBrowser;
  let page: Page;
  let story: ReturnType<typeof storyDir>;
  let laptop: string;
  const go = async (hash: string) => {
    await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
    await expect.poll(() => page.evaluate<string>('window.location.hash'), WAIT).toBe(hash);
  };
  /** The report's counts for one table: [came in, already here]. */
  const counts = (table: string) =>
    page.locator('table.merge-counts tbody tr').filter({ has: page.getByRole('rowheader', { name: table, exact: true }) }).locator('td').allTextContents();
  const runRows = () => page.locator('[data-testid^="run-row-"]').count();
  const openMergePage = async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merge a database' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Merge a database');
  };

  beforeAll(async () => {
    story = storyDir('merge');
    laptop = join(story.dir, 'from-a-laptop.db');
    writeFileSync(laptop, gunzipSync(readFileSync(new URL('../fixtures/schema-13/parlor-v13.db.gz', import.meta.url))));
    app = await openAppInBrowser(Store.open(story.db), { viewport: { width: 1400, height: 900 } });
    page = app.page;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    story?.remove();
  });

  it('a path and Enter merge the file: busy while the one request runs, then the runs came in, and the Runs page lists them', async () => {
    await go('#/runs');
    await expect.poll(runRows, WAIT).toBe(0);
    await openMergePage();
    expect(await page.locator('main').innerText()).toContain('in browser mode that is your own machine');

    // The request is held until the busy state has been seen, so the check does not race the merge.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let passed: Promise<void> | null = null;
    const hold = (route: Route) => (passed = held.then(() => route.continue()));
    await page.route('**/api/db.merge', hold, { times: 1 });
    await page.getByLabel('Database file 1').fill(laptop);
    await page.getByLabel('Database file 1').press('Enter');
    const submit = page.locator('form.merge-form button[type="submit"]');
    await expect.poll(() => submit.textContent(), WAIT).toBe('Merging…');
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('main section[aria-busy="true"]').count()).toBe(1);
    release();
    await passed;

    await expect.poll(() => counts('runs'), WAIT).toEqual(['9', '0']);
    expect(await counts('episodes')).toEqual(['45', '0']);
    expect(await page.getByTestId('merge-report').locator('h3').allTextContents()).toEqual([`From ${laptop} (schema version 13)`]);
    expect(await page.getByTestId('merge-nothing-new').count()).toBe(0);
    expect(await submit.textContent()).toBe('Merge');
    expect(await page.locator('main section[aria-busy="true"]').count()).toBe(0);
    // The report takes focus, so a screen reader reads it next.
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('merge-report-title');
    expect(wordingProblems(await page.locator('main').innerText())).toEqual([]);
    await screenshot(page, 'merge-01-report');

    await page.getByRole('link', { name: 'See the runs' }).click();
    await expect.poll(runRows, WAIT).toBe(9);
  });

  it('merging the same file again brings nothing new: everything is already here', async () => {
    await openMergePage();
    await page.getByLabel('Database file 1').fill(laptop);
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect.poll(() => counts('runs'), WAIT).toEqual(['0', '9']);
    expect(await page.getByTestId('merge-nothing-new').textContent()).toBe('Nothing new: everything in this file was already here.');
    const cameIn = await page.locator('table.merge-counts tbody tr td:nth-of-type(1)').allTextContents();
    expect(cameIn.length).toBeGreaterThan(3);
    expect(cameIn.every((n) => n === '0')).toBe(true);
    await go('#/runs');
    await expect.poll(runRows, WAIT).toBe(9);
  });

  it('a conflict is listed with what differed, which side stands and the rule', async () => {
    // The laptop's file again, with one price changed later there: the newer price stands.
    const repriced = join(story.dir, 'repriced.db');
    writeFileSync(repriced, readFileSync(laptop));
    const db = new Database(repriced);
    db.prepare(`UPDATE prices SET input_per_mtok = 3.5, updated_at = '2030-01-01T00:00:00.000Z' WHERE model = 'mock-guesser'`).run();
    db.close();
    await openMergePage();
    await page.getByLabel('Database file 1').fill(repriced);
    await page.getByLabel('Database file 1').press('Enter');
    await expect.poll(() => counts('runs'), WAIT).toEqual(['0', '9']);
    expect(await page.getByTestId('merge-nothing-new').textContent()).toMatch(/^No new rows: every row of this file was already here \(the conflicts below/);
    expect(await page.getByTestId('merge-report').locator('h4').textContent()).toMatch(/^1 conflict, /);
    const cells = await page.locator('table.merge-conflicts tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['prices', 'openai:mock-guesser']);
    expect(cells[2]).toContain('input_per_mtok');
    expect(cells[3]).toBe('the merged file’s');
    expect(cells[4]).toMatch(/newer/);
    expect(wordingProblems(await page.locator('main').innerText())).toEqual([]);
    await screenshot(page, 'merge-02-conflict');
  });

  it('a wrong path gets the API’s one-line error; fields are added and removed from the keyboard', async () => {
    await openMergePage();
    await page.getByRole('button', { name: 'Add another file' }).click();
    // The new field takes focus; removing it gives focus back to the one before.
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.closest("label")?.textContent'), WAIT).toBe('Database file 2 ');
    await page.getByRole('button', { name: 'Remove database file 2' }).click();
    await expect.poll(() => page.getByLabel('Database file 2').count(), WAIT).toBe(0);
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.closest("label")?.textContent'), WAIT).toBe('Database file 1 ');

    const nowhere = join(story.dir, 'nowhere.db');
    await page.getByLabel('Database file 1').fill(nowhere);
    await page.getByLabel('Database file 1').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toBe(`No database at ${nowhere}: nothing to merge (check the path).`);
    expect(await page.getByTestId('merge-report').count()).toBe(0);

    await page.getByLabel('Database file 1').fill(story.db);
    await page.getByLabel('Database file 1').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toBe(`${story.db} is the database being merged into: give another file.`);
    await screenshot(page, 'merge-03-error');
  });
});
