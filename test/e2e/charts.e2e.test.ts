/**
 * Charts in Chromium: each player has one colour on the difficulty chart, its legend, the players
 * picker and the heatmap, and keeps it when others are filtered out; a player with one level shows
 * as a visible circle; titles clear of tick labels as the browser lays them out; the dark theme's
 * colours on screen and in the PNG export, while Save SVG writes the CLI's light chart.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { difficultySvg } from '../../shared/charts/difficulty';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { ModelConfigSchema } from '../../shared/contract/models';
import { difficulty } from '../../electron/engine/analysis/explore/items';
import { Store } from '../../electron/engine/store/store';
import { openAppInBrowser, type AppInBrowser } from '../support/app-browser';
import { requireBrowser, screenshot, storyDir, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();
const PLAYERS = ['openai:gpt-4o', 'anthropic:claude-3-opus', 'openai:gpt-3.5-turbo'];
const CATEGORIES = ['animals', 'objects', 'plants'];

/** Things: six entities in three categories; Celebrities: one person, so each player's line is a single point. */
function seed(store: Store): void {
  const model = (label: string) => {
    const [provider, name] = label.split(':') as [string, string];
    return store.models.ensurePlayer('model', label, store.models.ensureConfig(ModelConfigSchema.parse({ provider, model: name })));
  };
  const judge = model('openai:judge-model');
  for (const [kind, names] of [['things', ['Oar', 'Fern', 'Cat', 'Spoon', 'Moss', 'Owl']], ['celebrities', ['Ada Lovelace']]] as const) {
    const datasetId = store.datasets.upsert({ game: 'eda', name: kind, kind, source: 'test', contentHash: null });
    const instances = store.datasets.upsertInstances(datasetId, 'test', names.map((name, i) => ({ key: name, name, payload: { line: name, aliases: [name] }, tags: { category: CATEGORIES[i % 3]! } })));
    PLAYERS.forEach((label, p) => {
      const runId = store.runs.create({
        name: null, game: 'eda', datasetId, subset: 'test', config: {}, seed: 1, appVersion: 't',
        seats: [{ seat: 'guesser', role: 'guesser', playerId: model(label) }, { seat: 'judge', role: 'judge', playerId: judge }],
        episodes: instances.map((i) => ({ instanceId: i.id, repetition: 1, seed: 1 })),
      });
      store.episodes.ids(runId, ['pending']).forEach((id, k) => {
        const wins = (k + p) % 3 !== 0;
        const turns = wins ? 5 + k + p : 20;
        store.episodes.start(id);
        store.episodes.finish(id, wins ? 'success' : 'failure', [
          { metric: 'turns', value: turns }, { metric: 'success', value: wins ? 1 : 0 }, { metric: 'yes', value: 1 }, { metric: 'score', value: wins ? 1 - 0.02 * Math.max(turns - 5, 0) : 0 },
        ]);
      });
      store.runs.finish(runId, 'done');
    });
  }
}

/** The colour each player has on the chart shown, in its lines and legend, and in the page's swatches. */
async function difficultyColours(page: Page) {
  return page.evaluate<Record<string, { line: string | null; legend: string | null; picker: string | null }>>(`(() => {
    const out = {};
    for (const g of document.querySelectorAll('.chart-body g[data-series]')) {
      const player = g.getAttribute('data-series');
      out[player] = {
        line: g.querySelector('path').getAttribute('stroke'),
        legend: document.querySelector('.chart-body line[data-swatch="' + CSS.escape(player) + '"]')?.getAttribute('stroke') ?? null,
        picker: document.querySelector('.players-pick svg[data-swatch="' + CSS.escape(player) + '"]')?.getAttribute('data-colour') ?? null,
      };
    }
    return out;
  })()`);
}

describe.skipIf(problem !== null)('charts, end to end', STORY, () => {
  let story: ReturnType<typeof storyDir>;
  let store: Store;
  let app: AppInBrowser;
  let page: Page;
  const go = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  const seriesCount = () => page.locator('.chart-body g[data-series]').count();

  beforeAll(async () => {
    story = storyDir('charts');
    store = Store.open(story.db);
    seed(store);
    app = await openAppInBrowser(store, { viewport: { width: 1400, height: 900 } });
    page = app.page;
    await page.evaluate(`localStorage.setItem('parlor.explore.filters', JSON.stringify({ game: 'eda', dataset: 'things' }))`);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    store?.close();
    story?.remove();
  });

  it('a player has the same colour on the difficulty chart, its legend, the picker and the heatmap, and keeps it when others are unticked', async () => {
    await go('#/difficulty');
    await expect.poll(seriesCount, WAIT).toBe(3);
    const before = await difficultyColours(page);
    expect(Object.keys(before).sort()).toEqual([...PLAYERS].sort());
    for (const [player, c] of Object.entries(before)) {
      expect(c.line, player).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.legend, player).toBe(c.line);
      expect(c.picker, player).toBe(c.line);
    }
    expect(new Set(Object.values(before).map((c) => c.line)).size).toBe(3);

    await go('#/heatmap');
    await expect.poll(() => page.locator('.chart-body rect[data-swatch]').count(), WAIT).toBe(3);
    for (const player of PLAYERS) await expect.poll(() => page.locator(`.chart-body rect[data-swatch="${player}"]`).getAttribute('fill'), WAIT).toBe(before[player]!.line);
    await screenshot(page, 'charts-heatmap-swatches', false);

    await go('#/difficulty');
    await expect.poll(seriesCount, WAIT).toBe(3);
    await page.locator('.players-pick label', { hasText: PLAYERS[0]! }).locator('input').uncheck();
    await expect.poll(seriesCount, WAIT).toBe(2);
    const after = await difficultyColours(page);
    for (const player of PLAYERS.slice(1)) expect(after[player]!.line, player).toBe(before[player]!.line);
    await screenshot(page, 'charts-difficulty-filtered', false);
  });

  it('a player with a single level shows as a visible circle', async () => {
    await page.evaluate(`localStorage.setItem('parlor.explore.filters', JSON.stringify({ game: 'eda', dataset: 'celebrities' }))`);
    await page.reload();
    await go('#/difficulty');
    await expect.poll(seriesCount, WAIT).toBe(3);
    for (const player of PLAYERS) {
      const circle = page.locator(`.chart-body g[data-series="${player}"] circle`);
      expect(await circle.count(), player).toBe(1);
      const box = (await circle.boundingBox())!;
      expect(box.width, player).toBeGreaterThanOrEqual(5);
      expect(await circle.getAttribute('fill')).toMatch(/^#[0-9A-F]{6}$/);
    }
    await screenshot(page, 'charts-one-point', false);
    await page.evaluate(`localStorage.setItem('parlor.explore.filters', JSON.stringify({ game: 'eda', dataset: 'things' }))`);
    await page.reload();
  });

  it('axis titles do not overlap tick labels or level names as Chromium draws them', async () => {
    await go('#/difficulty');
    await expect.poll(seriesCount, WAIT).toBe(3);
    const by = page.getByRole('combobox', { name: 'By', exact: true });
    await expect.poll(() => by.locator('option').count(), WAIT).toBeGreaterThan(1);
    const values = await page.evaluate<string[]>(`[...document.querySelectorAll('.filters select option')].map((o) => o.value)`);
    await by.selectOption(values.find((v) => v.startsWith('tag:'))!);
    await expect.poll(() => page.locator('.chart-body text.level').count(), WAIT).toBe(3);
    const overlaps = await page.evaluate<{ titles: number; labels: number; overlaps: string[] }>(`(() => {
      const box = (e) => e.getBoundingClientRect();
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const titles = [...document.querySelectorAll('.chart-body text.axis-title')];
      const labels = [...document.querySelectorAll('.chart-body text.tick, .chart-body text.level')];
      return { titles: titles.length, labels: labels.length, overlaps: titles.flatMap((t) => labels.filter((l) => hit(box(t), box(l))).map((l) => t.textContent + ' × ' + l.textContent)) };
    })()`);
    expect(overlaps).toEqual({ titles: 2, labels: 8, overlaps: [] });
  });

  it('the dark theme colours the chart on screen and in its PNG; the PNG downloads', async () => {
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    const background = () => page.locator('.chart-body svg > rect').first().getAttribute('fill');
    await expect.poll(background, WAIT).toBe('#16181d');
    const colours = await page.evaluate<{ text: string; frame: string; fg: string }>(`({
      text: document.querySelector('.chart-body text.axis-title').getAttribute('fill'),
      frame: getComputedStyle(document.querySelector('.chart-body')).backgroundColor,
      fg: getComputedStyle(document.documentElement).getPropertyValue('--chart-fg').trim(),
    })`);
    expect(colours).toEqual({ text: '#e7e9ee', frame: 'rgb(22, 24, 29)', fg: '#e7e9ee' });
    await screenshot(page, 'charts-dark', false);

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save PNG' }).first().click()]);
    expect(file.suggestedFilename()).toMatch(/^difficulty-things-.*\.png$/);
    const png = readFileSync((await file.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The top-left pixel is the dark background: decode it in the page.
    const corner = await page.evaluate<{ pixel: number[]; width: number }>(`(async () => {
      const image = new Image();
      image.src = 'data:image/png;base64,${png.toString('base64')}';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const c = canvas.getContext('2d');
      c.drawImage(image, 0, 0);
      return { pixel: [...c.getImageData(1, 1, 1, 1).data], width: image.width };
    })()`);
    expect(corner.pixel).toEqual([22, 24, 29, 255]);
    expect(corner.width).toBe(1920);

    // Save SVG writes the light chart, the same bytes as `parlor export difficulty --axis … --format svg` (its two calls, in process).
    const [svgFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save SVG' }).first().click()]);
    const axis = await page.getByRole('combobox', { name: 'By', exact: true }).inputValue();
    const cli = difficultySvg(difficulty(store, ExploreFiltersSchema.parse({ game: 'eda', dataset: 'things' }), axis));
    expect(readFileSync((await svgFile.path())!, 'utf8')).toBe(cli);
    expect(cli).toMatch(/^<svg [^>]*><title>[^<]*<\/title><rect width="960" height="\d+" fill="#ffffff"\/>/);

    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await expect.poll(background, WAIT).toMatch(/^#fff(fff)?$/); // the built CSS writes white short
  });
});
