/**
 * The static HTML report (issue 28, item 9): runs of every game, a person's game beside two models' on
 * the same things and a guesser whose questions are hostile to HTML. The report the app downloads (a
 * zip) holds the files the engine builds; read with Python's HTML parser, every page shows the hostile
 * text exactly as it was said and as text, never markup; every link and image resolves to a file of the
 * folder and nothing names the network; the leaderboard, heatmap and difficulty numbers are the
 * explore API's for the same runs; every episode has its transcript, and the person's game sits beside
 * the models' on its thing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreFiltersInput } from '../../shared/contract/explore';
import { metricMeanStd, metricNumber } from '../../shared/contract/game';
import { tooFew, tooFewText } from '../../shared/stats/caution';
import { fixed } from '../../shared/text/number';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { gameById } from '../../electron/engine/games/registry';
import { buildHtmlReport } from '../../electron/engine/api/report/build';
import { Store } from '../../electron/engine/store/store';
import { apiCaller, type ApiCall } from '../support/api';
import { readHtmlWithPython, type HtmlElement } from '../support/html-reader';
import { wordingProblems } from '../support/wording';
import { HOSTILE_AS_SHOWN, HOSTILE_MODEL, HOSTILE_RUN_NAME, HUGE_QUESTION, seedReportRuns, type ReportRuns } from '../support/report-seed';

let dir: string;
let store: Store;
let service: ApiService;
let call: ApiCall;
let runs: ReportRuns;
let files: Map<string, Uint8Array>;
let pages: Record<string, HtmlElement[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-report-'));
  store = Store.open(join(dir, 'parlor.db'));
  runs = await seedReportRuns(store);
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {}, watchMs: 60_000 });
  call = apiCaller(service);
  const zip = await call('runs.htmlReport', { runIds: runs.all, minEpisodes: 1 });
  expect(zip).toMatchObject({ filename: `parlor-report-${runs.all.length}-runs.zip`, mime: 'application/zip', encoding: 'base64' });
  const prefix = `parlor-report-${runs.all.length}-runs/`;
  const entries = unzipSync(Buffer.from(zip.content, 'base64'));
  expect(Object.keys(entries).every((k) => k.startsWith(prefix))).toBe(true);
  files = new Map(Object.entries(entries).map(([k, v]) => [k.slice(prefix.length), v]));
  const decoder = new TextDecoder();
  pages = readHtmlWithPython(Object.fromEntries([...files].filter(([k]) => k.endsWith('.html')).map(([k, v]) => [k, decoder.decode(v)])));
}, 120_000);

afterAll(async () => {
  await service?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const elements = (page: string, where: (e: HtmlElement) => boolean) => {
  const found = pages[page];
  if (!found) throw new Error(`no page ${page} in the report`);
  return found.filter(where);
};
/** Attributes whose value a browser loads or follows. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data', 'cite', 'ping']);
const attr = (name: string, value?: string) => (e: HtmlElement) => name in e.attrs && (value === undefined || e.attrs[name] === value);

describe('static HTML report', () => {
  it('is the same files whichever door asks: the zip the app downloads holds what the CLI writes', () => {
    const built = buildHtmlReport(store, { runIds: [...runs.all].reverse(), minEpisodes: 1 });
    expect([...built.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, bytes] of built) expect(Buffer.from(bytes).equals(Buffer.from(files.get(path)!)), path).toBe(true);
  });

  it('links only to files of its own folder, loads nothing from a network and runs no script', () => {
    const decoder = new TextDecoder();
    for (const [page, list] of Object.entries(pages)) {
      expect(list.filter((e) => e.tag === 'script' || e.tag === 'iframe' || e.tag === 'object' || e.tag === 'embed' || e.tag === 'base'), page).toEqual([]);
      for (const e of list) {
        for (const [name, value] of Object.entries(e.attrs)) {
          expect(name.startsWith('on') || name === 'style', `${page}: <${e.tag} ${name}>`).toBe(false);
          // Text may quote a URL (the hostile reply does); an attribute that loads or links is a relative path.
          if (URL_ATTRIBUTES.has(name)) expect(/^([a-z][a-z0-9+.-]*:|\/)/i.test(value ?? ''), `${page}: <${e.tag} ${name}="${value}">`).toBe(false);
        }
        const link = e.tag === 'a' || e.tag === 'link' ? e.attrs.href : e.tag === 'img' ? e.attrs.src : undefined;
        if (link === undefined || link === null) continue;
        const target = posix.normalize(posix.join(posix.dirname(page), link.split('#')[0]!));
        expect(files.has(target), `${page} links to ${link}, which is not in the report`).toBe(true);
      }
    }
    const css = decoder.decode(files.get('report.css'));
    expect(css).not.toMatch(/url\(|@import|https?:/);
    // The whole folder names no URL but the hostile reply's, which is text.
    for (const [path, bytes] of files) {
      if (!path.endsWith('.html')) continue;
      const text = decoder.decode(bytes).replaceAll('https://evil.example/x.png', '');
      expect(text, path).not.toMatch(/https?:\/\//);
    }
  });

  it('shows a hostile reply as it was said, as text: markup, quotes, &, CR LF, controls and a huge reply', () => {
    const first = store.episodes.list(runs.hostile)[0]!;
    const texts = elements(`episodes/${first.id}.html`, attr('data-text')).map((e) => e.text);
    expect(texts).toContain(HOSTILE_AS_SHOWN);
    expect(texts).toContain(HUGE_QUESTION);
    // The markup inside it made no element: the only images of a text game's page are none.
    expect(elements(`episodes/${first.id}.html`, (e) => e.tag === 'img')).toEqual([]);
    // Side by side shows it the same way.
    const compare = elements(`compare/${first.instance.id}.html`, attr('data-text')).map((e) => e.text);
    expect(compare).toContain(HOSTILE_AS_SHOWN);
    // Names holding markup are text in the runs table, the leaderboard and the run's page.
    expect(elements('index.html', attr('data-run', String(runs.hostile)))[0]!.text).toContain(HOSTILE_RUN_NAME);
    expect(elements('index.html', attr('data-player', `scripted:${HOSTILE_MODEL}`))).toHaveLength(1);
    expect(elements(`runs/${runs.hostile}.html`, (e) => e.tag === 'h1')[0]!.text).toContain(HOSTILE_RUN_NAME);
  });

  it("prints the explore API's numbers for the same runs: leaderboard, heatmaps, difficulty", async () => {
    const groups = elements('index.html', (e) => e.tag === 'section' && 'data-game' in e.attrs);
    expect(groups.map((g) => g.attrs['data-game']).sort()).toEqual(['age', 'eda', 'multimodal_referencegame', 'referencegame', 'simulbench']);
    let checked = 0;
    for (const [k, group] of groups.entries()) {
      const gameId = group.attrs['data-game']!;
      const dataset = group.attrs['data-dataset']!;
      const game = gameById(gameId);
      const runIds = runs.all.filter((id) => store.runs.get(id).game === gameId);
      const filters: ExploreFiltersInput = { game: gameId, dataset, runs: runIds, minEpisodes: 1 };
      const board = await call('explore.leaderboard', { filters });
      expect(board.rows.length).toBeGreaterThan(0);
      // The mock model's run left out of the report counts nowhere in it.
      if (gameId === 'eda') expect(board.rows.find((r) => r.player === 'openai:mock-guesser')?.runs).toEqual([runs.mock]);
      const index = pages['index.html']!;
      const start = index.indexOf(group);
      const next = groups[k + 1] ? index.indexOf(groups[k + 1]!) : index.length;
      const inGroup = index.slice(start, next);
      const rows = inGroup.filter((e) => e.tag === 'tr' && 'data-player' in e.attrs);
      expect(rows.map((r) => r.attrs['data-player'])).toEqual(board.rows.map((r) => r.player));
      for (const row of board.rows) {
        const at = inGroup.indexOf(rows.find((r) => r.attrs['data-player'] === row.player)!);
        const cells = inGroup.slice(at).filter((e) => e.tag === 'td' && 'data-metric' in e.attrs).slice(0, board.metrics.length);
        for (const m of board.metrics) {
          const c = row.metrics[m.key];
          const expected = !c ? '—' : tooFew(c.n, board.minEpisodes) ? tooFewText(c.n) : metricMeanStd(m, c.mean, c.std, m.digits);
          expect(cells.find((e) => e.attrs['data-metric'] === m.key)?.text, `${gameId} ${row.player} ${m.key}`).toBe(expected);
          checked += 1;
        }
      }
      const tags = (await call('explore.options', {})).games.find((g) => g.id === gameId)!.datasets.find((d) => d.name === dataset)!.tags;
      for (const topic of tags) {
        for (const metric of game.view.heatmapMetrics) {
          const map = await call('explore.heatmap', { filters, topic, metric });
          const section = elements(`heatmaps-${k + 1}.html`, (e) => e.tag === 'section' && e.attrs['data-topic'] === topic && e.attrs['data-metric'] === metric);
          expect(section, `${gameId} heatmap ${topic} ${metric}`).toHaveLength(1);
          const page = pages[`heatmaps-${k + 1}.html`]!;
          const cells = page.slice(page.indexOf(section[0]!)).filter((e) => e.tag === 'g' && e.attrs.class === 'cell');
          for (const c of map.cells) {
            const cell = cells.find((e) => e.attrs['data-player'] === c.player && e.attrs['data-topic'] === c.topic);
            expect(cell?.text, `${gameId} ${c.player} ${c.topic}`).toContain(`${metricNumber(map, c.mean, 2)}n=${c.n}`);
            checked += 1;
          }
        }
      }
      const d = await call('explore.difficulty', { filters, axis: 'item' });
      const digits = game.metrics.find((m) => m.key === game.view.difficulty.metric)!.digits;
      const page = pages[`difficulty-${k + 1}.html`]!;
      const section = page.find((e) => e.tag === 'section' && e.attrs['data-axis'] === 'item')!;
      const means = page.slice(page.indexOf(section)).filter((e) => e.tag === 'td' && 'data-mean' in e.attrs).slice(0, d.rows.length);
      expect(means.map((e) => e.text)).toEqual(d.rows.map((r) => fixed(r.mean, digits)));
      checked += means.length;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('has every episode of every run, each listed on its run page, and puts the person beside the models', () => {
    for (const runId of runs.all) {
      const episodes = store.episodes.list(runId);
      expect(episodes.length).toBeGreaterThan(0);
      expect(elements(`runs/${runId}.html`, (e) => e.tag === 'tr' && 'data-episode' in e.attrs).map((e) => Number(e.attrs['data-episode']))).toEqual(episodes.map((e) => e.id));
      for (const e of episodes) expect(files.has(`episodes/${e.id}.html`), `episode ${e.id}`).toBe(true);
    }
    const person = store.episodes.list(runs.human)[0]!;
    const columns = elements(`compare/${person.instance.id}.html`, (e) => e.tag === 'section' && 'data-episode' in e.attrs).map((e) => store.episodes.get(Number(e.attrs['data-episode'])));
    expect(new Set(columns.map((e) => e.runId))).toEqual(new Set([runs.hostile, runs.mock, runs.human]));
    expect(elements(`episodes/${person.id}.html`, attr('data-compare'))).toHaveLength(1);
    expect(elements(`episodes/${person.id}.html`, (e) => e.tag === 'li' && e.attrs.class?.includes('by-person') === true).length).toBeGreaterThan(0);
  });

  it('copies every image a transcript shows into the folder, byte for byte', () => {
    const episode = store.episodes.list(runs.images)[0]!;
    const images = elements(`episodes/${episode.id}.html`, (e) => e.tag === 'img');
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      const path = posix.normalize(posix.join('episodes', img.attrs.src!));
      const sha = /^media\/([0-9a-f]{64})\.png$/.exec(path)?.[1];
      expect(sha, path).toBeDefined();
      expect(Buffer.from(files.get(path)!).equals(store.media.get(sha!).bytes)).toBe(true);
    }
  });

  it("says things in words, as the app's pages must (no '1 episodes', no float noise, no undefined)", () => {
    for (const [page, list] of Object.entries(pages)) {
      // What the players said is theirs (the hostile guesser says "very very …"), and charts are the app's own SVG
      // (its wording crawl reads them): the rest is Parlor's wording, one element's own text a line, as a browser lays it out.
      const theirs = (e: HtmlElement): boolean => 'data-text' in e.attrs || e.tag === 'code' || e.tag === 'svg' || e.tag === 'head' || (e.parent >= 0 && theirs(list[e.parent]!));
      const text = list.filter((e) => !theirs(e)).map((e) => e.own).join('\n');
      expect(wordingProblems(text), page).toEqual([]);
    }
  });

  it('refuses bad input in one line', async () => {
    await expect(call('runs.htmlReport', { runIds: [] })).rejects.toThrow(/at least one run/);
    await expect(call('runs.htmlReport', { runIds: [9999] })).rejects.toThrow(/not_found: No run with id 9999/);
  });
});
