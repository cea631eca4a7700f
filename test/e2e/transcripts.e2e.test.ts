/**
 * Transcripts in Chromium (issue 17): a search across every run's transcripts (a word typed, matches
 * from two runs, one opened), previous/next through a run's episodes (links and keys), each reply's
 * tokens and time, and the episode exported from its page as a zip.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const problem = requireBrowser();

describe.skipIf(problem !== null)('transcripts in Chromium', STORY, () => {
  let mock: MockProvider | undefined;
  const runs: number[] = [];
  const play = async (store: Store, seed: number) => {
    const model = (name: string) => ({ provider: 'openai', model: name, baseUrl: mock!.openaiBaseUrl });
    const { runId } = await prepareRun(store, { game: 'eda', dataset: { name: 'things', subset: 'test' }, repetitions: 1, limit: 3, seed, players: { guesser: model('mock-guesser'), judge: model('mock-judge') } });
    await executeRun(store, runId);
    runs.push(runId);
  };
  let hinted = 0;
  /** A person's game with a hint asked in round 2 (played through the API, then paused). */
  const playHinted = async (store: Store) => {
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const call = async (method: string, input: unknown) => {
      const reply = await service.registry.dispatch(method as 'human.state', input as { episodeId: number });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result as unknown as { episodeId: number; id: number };
    };
    const config = (model: string) => ({ name: model, config: { provider: 'openai', model, baseUrl: mock!.openaiBaseUrl } });
    const judge = await call('models.save', config('mock-judge'));
    const hint = await call('models.save', config('mock-guesser'));
    hinted = (await call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, hintModelId: hint.id })).episodeId;
    await call('human.say', { episodeId: hinted, text: 'Does it fly?' });
    await call('human.hint', { episodeId: hinted });
    await call('human.say', { episodeId: hinted, text: 'Can you eat it?' });
    await service.close();
  };
  const app = useAppStory('transcripts', async (store) => {
    mock = await startMockProvider();
    await play(store, 3);
    await play(store, 4);
    await playHinted(store);
  });
  afterAll(() => mock?.close());
  const position = () => app.page.getByTestId('episode-position').textContent();

  it('finds a word in the transcripts of two runs, highlighted, and opens one', async () => {
    await app.page.getByRole('link', { name: 'Search' }).click();
    await app.page.getByLabel('Words said in any run').fill('is it');
    await app.page.keyboard.press('Enter');
    const groups = app.page.getByTestId('search-run');
    await expect.poll(() => groups.count(), WAIT).toBe(2);
    await expect.poll(() => groups.locator('h2 a').allTextContents(), WAIT).toEqual([`Run #${runs[1]}`, `Run #${runs[0]}`]);
    await expect.poll(() => app.page.getByTestId('search-hit').count(), WAIT).toBe(6);
    await expect.poll(async () => [...new Set(await app.page.locator('.snippet mark').allTextContents())], WAIT).toEqual(['Is it']);
    await expect.poll(() => app.page.getByRole('status').textContent(), WAIT).toBe('6 episodes in 2 runs.');
    await screenshot(app.page, 'transcripts-search');
    // An empty search is refused with a clear message, not a blank page.
    await app.page.getByLabel('Words said in any run').fill('   ');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => app.page.getByRole('alert').textContent(), WAIT).toContain('the search is empty');

    await app.go(`#/search?q=${encodeURIComponent('is it')}`);
    await expect.poll(() => app.page.getByTestId('search-hit').count(), WAIT).toBe(6);
    const first = app.page.getByTestId('search-run').first().getByTestId('search-hit').first().getByRole('link');
    const instance = (await first.textContent())!;
    await first.click();
    await expect.poll(() => app.page.getByRole('heading', { level: 1 }).textContent(), WAIT).toContain(instance);
    await expect.poll(() => app.page.getByRole('link', { name: `← Run #${runs[1]}` }).count(), WAIT).toBe(1);
  });

  it("steps through the run's episodes with previous/next and with [ ] and j k", async () => {
    await app.go(`#/runs/${runs[0]}`);
    await app.go(`#/episodes/${app.store.episodes.ids(runs[0]!, ['done'])[0]}`);
    await expect.poll(position, WAIT).toBe(' episode 1 of 3 ');
    await expect.poll(() => app.page.getByTestId('episode-previous').count(), WAIT).toBe(0);
    await app.page.getByTestId('episode-next').click();
    await expect.poll(position, WAIT).toBe(' episode 2 of 3 ');
    await app.page.locator('body').press(']');
    await expect.poll(position, WAIT).toBe(' episode 3 of 3 ');
    await expect.poll(() => app.page.getByTestId('episode-next').count(), WAIT).toBe(0);
    await app.page.locator('body').press('k');
    await expect.poll(position, WAIT).toBe(' episode 2 of 3 ');
    await app.page.locator('body').press('[');
    await expect.poll(position, WAIT).toBe(' episode 1 of 3 ');
    await app.page.locator('body').press('j');
    await expect.poll(position, WAIT).toBe(' episode 2 of 3 ');
    // Each model reply shows its tokens and time, rounded.
    await expect.poll(() => app.page.getByTestId('turn-stats').first().textContent(), WAIT).toMatch(/^\d[\d,]* tok · (\d+ ms|\d+\.\d s)$/);
    // Denser: a question and its answer share a row.
    const turn = app.page.getByTestId('turn').first();
    const [asked, answered] = [await turn.locator('.bubble.left').boundingBox(), await turn.locator('.bubble.right').boundingBox()];
    expect(Math.abs(asked!.y - answered!.y)).toBeLessThan(2);
    await screenshot(app.page, 'transcripts-episode');
  });

  it("flags a hinted human game, shows the hint at its turn and the person's questions as typed, not as model calls", async () => {
    await app.go(`#/episodes/${hinted}`);
    await expect.poll(() => app.page.getByTestId('hinted-badge').textContent(), WAIT).toBe('hinted');
    const turns = app.page.getByTestId('turn');
    await expect.poll(() => turns.count(), WAIT).toBe(2);
    await expect.poll(() => turns.nth(1).getByTestId('hint').textContent(), WAIT).toMatch(/^hint asked in round 2 \(mock-guesser\): .+\?/);
    expect(await turns.nth(0).getByTestId('hint').count()).toBe(0);
    await expect.poll(() => app.page.getByTestId('typed-by').allTextContents(), WAIT).toEqual(['typed by ada', 'typed by ada']);
    await expect.poll(() => app.page.getByRole('button', { name: 'raw judge call' }).count(), WAIT).toBe(2);
    expect(await app.page.getByRole('button', { name: 'raw guesser call' }).count()).toBe(0);
    await screenshot(app.page, 'transcripts-hinted');
    // Compared side by side, it is marked hinted too: in the list of episodes and above its column.
    await app.go(`#/compare/${hinted}`);
    await expect.poll(() => app.page.getByTestId('side-by-side').locator('thead').getByTestId('hinted-badge').count(), WAIT).toBe(1);
    await expect.poll(() => app.page.locator('.checks').getByTestId('hinted-badge').count(), WAIT).toBe(1);
    await app.go('#/review');
    const row = app.page.getByTestId('review').locator('tbody tr').filter({ has: app.page.getByRole('link', { name: app.store.episodes.get(hinted).instance.name }) });
    await expect.poll(() => row.getByTestId('hinted-badge').textContent(), WAIT).toBe('hinted');
  });

  it('exports the episode from its page: a zip with the transcript as JSON and Markdown', async () => {
    const episodeId = app.store.episodes.ids(runs[0]!, ['done'])[1]!;
    await app.go(`#/episodes/${episodeId}`);
    await expect.poll(position, WAIT).toBe(' episode 2 of 3 ');
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export with images' }).click()]);
    expect(download.suggestedFilename()).toBe(`episode-${episodeId}.zip`);
    const files = unzipSync(readFileSync((await download.path())!));
    expect(Object.keys(files).sort()).toEqual([`episode-${episodeId}/episode.json`, `episode-${episodeId}/images.csv`, `episode-${episodeId}/transcript.md`]);
    const json = JSON.parse(new TextDecoder().decode(files[`episode-${episodeId}/episode.json`])) as { episode: { id: number }; events: { from: string | null; text: string | null }[] };
    expect(json.episode.id).toBe(episodeId);
    expect(json.events.length).toBe(app.store.events.list(episodeId).length);
    const md = new TextDecoder().decode(files[`episode-${episodeId}/transcript.md`]);
    expect(md).toContain(`# Episode ${episodeId}: ${app.store.episodes.get(episodeId).instance.name}`);
    expect(md).toContain(json.events.find((e) => e.from === 'guesser')!.text!.split('\n')[0]!);
  });
});
