/**
 * The wording of every page (issue 17, item 8): each route of the app, over a database with every
 * game, errors, a person's hinted game and annotators who disagree, in the light and the dark theme;
 * the text of `main` must pass the wording rules (test/support/wording.ts), and where a page states a
 * count beside the things it counts, the two agree. Each page must also fit the 1,400 px window (issue
 * 27, item 20): nothing wider than the viewport, no number cell wrapped, no header cut.
 */
import { describe, expect, it } from 'vitest';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, STORY, WAIT } from '../support/browser';
import { seedShowcase, type Showcase } from '../support/showcase';
import { wordingProblems } from '../support/wording';

const problem = requireBrowser();
const BUSY = /Loading|Computing…|Searching…/;
/**
 * In the page, one call (the app's script policy forbids Playwright's polled functions): resolves with
 * `main`'s text once it has some, nothing is busy or loading, and it has stayed the same for three checks 40 ms apart.
 */
const SETTLED = `new Promise((resolve, reject) => {
  let last = null;
  let same = 0;
  const started = Date.now();
  const check = () => {
    const main = document.querySelector('main');
    const text = main.innerText;
    same = text === last && text.trim() !== '' && !main.querySelector('[aria-busy="true"]') && !${BUSY}.test(text) ? same + 1 : 0;
    if (same === 3) return resolve(text);
    if (Date.now() - started > ${WAIT.timeout}) return reject(new Error('the page did not finish loading: ' + text.slice(0, 200)));
    last = text;
    setTimeout(check, 40);
  };
  check();
})`;
/** What `main` says outside its visible text: tooltips and what a screen reader hears from a progress bar. */
const HIDDEN_TEXT = `[...document.querySelectorAll('main [title], main [aria-valuetext], main [aria-label]')].map((e) => [e.getAttribute('title'), e.getAttribute('aria-valuetext'), e.getAttribute('aria-label')].filter(Boolean).join(' | ')).join('\\n')`;
const EXPLORE = ['leaderboard', 'heatmap', 'difficulty', 'significance', 'benchmark'];
/**
 * What does not fit the window: the page wider than the viewport (a table or picture that widens it),
 * a table cell of numbers ("0.00 ± 0.00") wrapped over lines, a header or cell whose text is cut off.
 */
const LAYOUT = `(() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-scroll, .vtable, pre'));
    const what = wide.slice(-1).map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '') + ' ' + (e.textContent || '').slice(0, 40));
    out.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window: ' + what.join(''));
  }
  for (const cell of document.querySelectorAll('main td.num, main th.num')) {
    const text = cell.innerText.trim();
    if (/±/.test(text) && cell.getClientRects().length) {
      const line = parseFloat(getComputedStyle(cell).lineHeight) || 20;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (lines > 1) out.push('"' + text + '" wraps over ' + lines + ' lines');
    }
  }
  // A header is read whole (a long name may wrap, never be cut, with or without "…"); a cell that clips says so with "…".
  for (const cell of document.querySelectorAll('main th, main td, main [role=columnheader], main [role=cell]')) {
    const style = getComputedStyle(cell);
    if (style.overflowX === 'visible' || !cell.getClientRects().length) continue;
    const header = cell.matches('th, [role=columnheader]');
    if (cell.scrollWidth > cell.clientWidth + 1 && (header || style.textOverflow !== 'ellipsis')) out.push('"' + cell.innerText.trim().slice(0, 40) + '" is cut off');
  }
  return out;
})()`;

describe.skipIf(problem !== null)('the wording of every page', STORY, () => {
  let show: Showcase;
  const app = useAppStory('wording', async (store) => {
    show = await seedShowcase(store);
  });
  const main = () => app.page.locator('main');

  /** Waits until the page has loaded: nothing busy, no "Loading…", and the same text twice in a row . */
  const settled = (): Promise<string> => app.page.evaluate<string>(SETTLED);
  const visit = async (hash: string, landing = hash): Promise<string> => {
    await app.go(hash);
    await expect.poll(() => app.page.evaluate('location.hash'), WAIT).toBe(landing);
    return settled();
  };

  /** Every route with what it shows here: each run, a transcript of each game's episode, the explore views of each game. */
  const routes = (): { name: string; hash: string; landing?: string }[] => {
    const episode = (runId: number) => app.store.episodes.list(runId).find((e) => e.status === 'done')!.id;
    const runs = app.store.runs.all().map((r) => ({ name: `run #${r.id} (${r.game})`, hash: `#/runs/${r.id}` }));
    return [
      { name: 'runs', hash: '#/runs' },
      ...runs,
      { name: 'new run', hash: '#/runs/new' },
      { name: 'EDA transcript', hash: `#/episodes/${episode(show.runs.eda[0]!)}` },
      { name: 'won EDA transcript', hash: `#/episodes/${episode(show.runs.failing)}` },
      { name: 'errored transcript', hash: `#/episodes/${show.errored}` },
      { name: 'hinted human game', hash: `#/episodes/${show.hinted}` },
      { name: 'AGE transcript', hash: `#/episodes/${episode(show.runs.age)}` },
      { name: 'SimulBench transcript', hash: `#/episodes/${episode(show.runs.simulbench)}` },
      { name: 'reference game transcript', hash: `#/episodes/${episode(show.runs.reference)}` },
      { name: 'image game transcript', hash: `#/episodes/${episode(show.runs.images)}` },
      { name: 'compare', hash: `#/compare/${episode(show.runs.eda[0]!)}` },
      { name: 'compare a hinted game', hash: `#/compare/${show.hinted}` },
      { name: 'failure modes', hash: `#/failure-modes/${show.runs.eda.join(',')}` },
      { name: 'models & keys', hash: '#/models' },
      { name: 'datasets', hash: '#/datasets' },
      { name: 'annotation sets', hash: '#/annotations' },
      { name: 'new annotation set', hash: `#/annotations/new/${show.runs.eda[0]}` },
      { name: 'annotation results', hash: `#/annotations/${show.annotationSet}` },
      { name: 'annotate', hash: `#/annotations/${show.annotationSet}/label` },
      { name: 'annotation review', hash: `#/annotations/${show.annotationSet}/review` },
      { name: 'play', hash: '#/play' },
      { name: 'review', hash: '#/review' },
      ...EXPLORE.map((page) => ({ name: page, hash: `#/${page}` })),
      { name: 'search', hash: `#/search?q=${encodeURIComponent(show.query)}` },
      { name: 'not found', hash: '#/nowhere' },
      // Last: resuming the person's game takes it up again.
      { name: 'resumed hinted game', hash: `#/play/resume/${show.hinted}`, landing: '#/play' },
    ];
  };
  /** The labelling page asks who is labelling first; the queue is what it says after. */
  const enterAnnotator = async () => {
    const name = app.page.locator('#annotator-name');
    if (!(await name.count())) return;
    await name.fill('bob');
    await name.press('Enter');
  };
  /** The new set's preview with strata: stratified by every key the game offers. */
  const stratify = async () => {
    await app.page.getByLabel('Sampling').selectOption('stratified');
    const keys = app.page.getByRole('group', { name: 'Stratify by' }).getByRole('checkbox');
    for (const box of await keys.all()) await box.check();
    await expect.poll(() => app.page.getByTestId('set-preview').textContent(), WAIT).toMatch(/\(\d+ of \d+\)/);
  };
  /** Explore views with the minimum at 1, so every cell shows its mean ± std (and can wrap, or not). */
  const everyMean = async () => {
    const minimum = app.page.getByRole('group', { name: 'Filters' }).getByRole('spinbutton', { name: 'Minimum episodes behind a mean' });
    if (await minimum.count()) await minimum.fill('1');
  };
  /** The other games the explore view offers (the Game filter), each chosen in turn (the page as opened is already read). */
  const otherGames = async (read: (game: string) => Promise<void>) => {
    const select = app.page.getByRole('group', { name: 'Filters' }).getByLabel('Game');
    if (!(await select.count())) return;
    const shown = await select.inputValue();
    for (const value of await select.locator('option').evaluateAll((os: { getAttribute(name: string): string | null }[]) => os.map((o) => o.getAttribute('value') ?? ''))) {
      if (value === shown) continue;
      await select.selectOption(value);
      await settled();
      await read(value);
    }
  };

  /**
   * The layout's problems once it has settled: polled until none are left (a page still swapping in
   * after a navigation can be wider for a frame, seen once under full load), else what stays.
   */
  const layoutProblems = async (): Promise<string[]> => {
    try {
      await expect.poll(() => app.page.evaluate<string[]>(LAYOUT), { timeout: 5_000 }).toEqual([]);
      return [];
    } catch {
      return app.page.evaluate<string[]>(LAYOUT);
    }
  };

  for (const theme of ['light', 'dark']) {
    it(`says nothing wrong on any page in the ${theme} theme`, async () => {
      await app.page.locator('.sidebar-foot select').selectOption(theme);
      await expect.poll(() => app.page.evaluate('document.documentElement.dataset.theme'), WAIT).toBe(theme);
      const found: string[] = [];
      const check = async (page: string, text: string) => {
        found.push(...wordingProblems(text).map((p) => `${page}, ${theme} [${p.rule}]: …${p.snippet}…`));
        found.push(...wordingProblems(await app.page.evaluate<string>(HIDDEN_TEXT)).map((p) => `${page}, ${theme}, tooltips and labels [${p.rule}]: …${p.snippet}…`));
        found.push(...(await layoutProblems()).map((p) => `${page}, ${theme} [layout]: ${p}`));
      };
      for (const route of routes()) {
        await check(route.name, await visit(route.hash, route.landing));
        if (route.name === 'annotate' || route.name === 'annotation review') {
          await enterAnnotator();
          await check(`${route.name} (queue)`, await settled());
        }
        if (route.name === 'new annotation set') {
          await stratify();
          await check('new annotation set (stratified)', await settled());
        }
        if (EXPLORE.includes(route.name)) {
          await everyMean();
          await check(`${route.name} (every mean)`, await settled());
          await otherGames(async (game) => check(`${route.name} of ${game}`, await settled()));
        }
      }
      expect(found).toEqual([]);
    }, 360_000);
  }

  it('states counts that agree with what it lists', async () => {
    // A run's errors: the heading, the progress line and the groups count the errored episodes listed.
    await visit(`#/runs/${show.runs.failing}`);
    const errored = app.store.episodes.list(show.runs.failing).filter((e) => e.status === 'error').length;
    expect(errored).toBeGreaterThan(1);
    await expect.poll(() => app.page.getByTestId('error-item').count(), WAIT).toBe(errored);
    expect(await main().getByRole('heading', { name: /^Errors/ }).textContent()).toBe(`Errors (${errored})`);
    expect(await app.page.getByTestId('progress-text').first().textContent()).toContain(`· ${errored} errors`);
    // The groups come from a query of their own: polled until they are there.
    const grouped = async () => (await app.page.getByTestId('error-groups').locator('summary').allInnerTexts()).map((s) => Number(/· (\d+) episodes?/.exec(s)![1]));
    await expect.poll(async () => (await grouped()).reduce((a, b) => a + b, 0), WAIT).toBe(errored);

    // The search status counts the episodes and runs it lists.
    await visit(`#/search?q=${encodeURIComponent(show.query)}`);
    const status = (await app.page.getByRole('status').textContent())!;
    const [, episodes, runs] = /^(\d+) episodes? in (\d+) runs?/.exec(status)!;
    expect(await app.page.getByTestId('search-hit').count()).toBe(Number(episodes));
    expect(await app.page.getByTestId('search-run').count()).toBe(Number(runs));

    // The annotation results: the disagreements counted are the rows listed, and the answers changed in the
    // scores are the disagreements whose majority overturned the judge.
    await visit(`#/annotations/${show.annotationSet}`);
    const rows = app.page.getByTestId('disagreement');
    const differ = (await main().getByText(/items? where annotators differ/).textContent())!;
    expect(Number(/^(\d+)/.exec(differ)![1])).toBe(await rows.count());
    expect(await rows.count()).toBeGreaterThan(0);
    const overturned = (await rows.evaluateAll((trs: { querySelectorAll(s: string): Iterable<{ textContent: string | null }> }[]) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))).filter((cells) => cells[2] !== cells.at(-2) && cells.at(-2) !== 'tie').length;
    // (The majority is the last column but one: the last is the ruling, none in the showcase.)
    expect(await app.page.getByTestId('ruling-cell').allTextContents()).toEqual(Array.from({ length: await rows.count() }, () => 'none'));
    const changed = (await main().getByText(/ changed\)\.$/).first().textContent())!;
    expect(Number(/\((\d+) \w+ changed\)/.exec(changed)![1])).toBe(overturned);
  });
});
