/**
 * Transcripts (issue 17) through the API service: the search across every run (validated, grouped,
 * fast on 10k episodes), previous/next and per-turn stats in a transcript, a hinted human game flagged
 * in its transcript, the review rows and the episode export, and the episode bundle of every game.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { allGames } from '../../electron/engine/games/registry';
import { episodeExportRows } from '../../electron/engine/io/episodes';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { seedRun } from '../support/seed';
import { tempDir, tempStore } from '../support/tmp';
import { capabilityOf } from '../../electron/engine/core/capability';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

function api(store: Store): { service: ApiService; call: <M extends ApiMethod>(method: M, input: ApiInput<M>) => Promise<ApiOutput<M>> } {
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  return {
    service,
    call: async (method, input) => {
      const reply = await service.registry.dispatch(method, input);
      if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
      return reply.result as ApiOutput<typeof method>;
    },
  };
}

const mockModel = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });

async function edaRun(store: Store, seed: number) {
  const { runId } = await prepareRun(store, { game: 'eda', dataset: { name: 'things', subset: 'test' }, repetitions: 1, limit: 3, seed, players: { guesser: mockModel('mock-guesser'), judge: mockModel('mock-judge') } });
  await executeRun(store, runId);
  return runId;
}

describe('search across runs', () => {
  it('finds what players said in every run, grouped by run with the match in context; links to the episode', async () => {
    const store = tempStore();
    const first = await edaRun(store, 3);
    const second = await edaRun(store, 4);
    const { service, call } = api(store);
    try {
      const said = store.events.list(store.episodes.ids(first, ['done'])[0]!).find((e) => e.from === 'guesser' && e.text)!.text!;
      const word = /[A-Za-z]{4,}/.exec(said)![0];
      const result = await call('episodes.search', { query: `  ${word.toUpperCase()} ` });
      expect(result.query).toBe(word.toUpperCase());
      expect(result.runs.map((r) => r.runId)).toEqual(expect.arrayContaining([first, second]));
      expect(result.runs[0]!.runId).toBeGreaterThan(result.runs.at(-1)!.runId);
      const hit = result.runs[0]!.hits[0]!;
      expect(hit.match.toLowerCase()).toBe(word.toLowerCase());
      expect(store.episodes.get(hit.episodeId).runId).toBe(result.runs[0]!.runId);
      expect(result.episodes).toBe(result.runs.reduce((n, r) => n + r.hits.length, 0));

      const limited = await call('episodes.search', { query: word, limit: 1 });
      expect(limited).toMatchObject({ episodes: 1, truncated: true });
      expect((await call('episodes.search', { query: 'zzqqxx-never-said' })).runs).toEqual([]);
      // LIKE's wildcards are taken literally.
      expect((await call('episodes.search', { query: '%' })).runs).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('refuses an empty query clearly, and a bad limit', async () => {
    const store = tempStore();
    const { service, call } = api(store);
    try {
      await expect(call('episodes.search', { query: '   ' })).rejects.toThrow(/search is empty/);
      await expect(call('episodes.search', { query: 'a', limit: 0 })).rejects.toThrow(/limit/);
    } finally {
      await service.close();
    }
  });

  it('searches 10,000 episodes (200,000 events) in well under a second', () => {
    const path = join(tempDir(), 'big.db');
    const store = Store.open(path);
    try {
      const { episodeIds } = seedRun(store, 10_000);
      const raw = new Database(path);
      const insert = raw.prepare(`INSERT INTO events (episode_id, idx, round, from_seat, to_seat, kind, text, created_at) VALUES (?, ?, ?, ?, ?, 'response', ?, '2026-01-01')`);
      raw.transaction(() => {
        for (const [n, id] of episodeIds.entries())
          for (let idx = 1; idx <= 20; idx++) insert.run(id, idx, Math.ceil(idx / 2), idx % 2 ? 'guesser' : 'judge', idx % 2 ? 'guesser' : 'judge', `Is it something you would find in a kitchen or a garden, question ${idx}${n % 1000 === 0 && idx === 7 ? ' with the needle' : ''}?`);
      })();
      raw.close();
      for (const query of ['NEEDLE', 'not said anywhere', 'kitchen']) {
        const started = performance.now();
        const rows = store.episodes.searchAll(query, 100);
        const ms = performance.now() - started;
        expect(rows.length).toBe(query === 'NEEDLE' ? 10 : query === 'kitchen' ? 100 : 0);
        expect(ms, `${query}: ${ms.toFixed(0)} ms`).toBeLessThan(1000);
      }
    } finally {
      store.close();
    }
  }, 60_000);
});

describe('a transcript', () => {
  it("knows its previous and next episode in the run's order, and each reply's tokens and time", async () => {
    const store = tempStore();
    const runId = await edaRun(store, 3);
    const { service, call } = api(store);
    try {
      const ids = store.episodes.ids(runId, ['done', 'error', 'pending', 'running']);
      expect(ids.length).toBe(3);
      const middle = await call('episodes.transcript', { episodeId: ids[1]! });
      expect(middle.neighbours).toEqual({ previous: ids[0], next: ids[2], position: 2, total: 3 });
      expect((await call('episodes.transcript', { episodeId: ids[0]! })).neighbours).toMatchObject({ previous: null, next: ids[1] });
      const reply = middle.events.find((e) => e.from === 'guesser')!;
      expect(reply.typedBy).toBeNull();
      expect(reply.callId).not.toBeNull();
      expect(reply.turn?.latencyMs).toBeGreaterThanOrEqual(0);
      expect(reply.turn?.tokens).toBeGreaterThan(0);
      expect(middle.hinted).toBe(false);
    } finally {
      await service.close();
    }
  });
});

describe('a hinted human game', () => {
  it('is flagged in its transcript (hint at its round, replies typed by the person), in the review rows and in the export', async () => {
    const store = tempStore();
    const { service, call } = api(store);
    try {
      const judge = await call('models.save', { name: 'judge', config: mockModel('mock-judge') });
      const hint = await call('models.save', { name: 'hinter', config: mockModel('mock-guesser') });
      const game = await call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, hintModelId: hint.id });
      await call('human.say', { episodeId: game.episodeId, text: 'Is it alive?' });
      await call('human.hint', { episodeId: game.episodeId });
      await call('human.say', { episodeId: game.episodeId, text: 'Is it big?' });
      const view = await call('episodes.transcript', { episodeId: game.episodeId });
      expect(view.hinted).toBe(true);
      expect(view.hints).toEqual([{ round: 2, model: 'mock-guesser', text: expect.stringMatching(/\?$/) }]);
      const typed = view.events.filter((e) => e.from === 'guesser');
      expect(typed.map((e) => e.text)).toEqual(['Is it alive?', 'Is it big?']);
      expect(typed.map((e) => [e.typedBy, e.callId, e.turn])).toEqual([['ada', null, null], ['ada', null, null]]);
      expect(view.events.find((e) => e.from === 'judge')!.callId).not.toBeNull();

      // The exported episode says so too: in its JSON, and in its Markdown, the hint before the reply it helped with.
      const zip = unzipSync(Buffer.from((await call('episodes.exportBundle', { episodeId: game.episodeId })).content, 'base64'));
      const md = new TextDecoder().decode(zip[`episode-${game.episodeId}/transcript.md`]);
      expect(md.split('\n')[2]).toMatch(/ · hinted \(the person asked a hint model for help\)$/);
      expect(md.indexOf('*hint asked in round 2 (mock-guesser):*')).toBeGreaterThan(md.indexOf('Is it alive?'));
      expect(md.indexOf('*hint asked in round 2 (mock-guesser):*')).toBeLessThan(md.indexOf('Is it big?'));
      expect(md).toMatch(/\*\*round 1 · \w+ · guesser[^*]* · typed by ada\*\*/);
      expect(JSON.parse(new TextDecoder().decode(zip[`episode-${game.episodeId}/episode.json`]))).toMatchObject({ hinted: true, hints: view.hints });

      const rows = await call('human.sessions', {});
      expect(rows.find((r) => r.episodeId === game.episodeId)?.hinted).toBe(true);
      const exported = episodeExportRows(store, game.runId);
      expect(exported.find((r) => r.episode_id === game.episodeId)?.hinted).toBe(1);

      // A model run has no hinted column (nothing to say), a person's unhinted game says 0.
      const other = await call('human.start', { handle: 'bob', dataset: 'things', subset: 'test', models: { judge: judge.id } });
      await call('human.say', { episodeId: other.episodeId, text: 'Is it alive?' });
      expect(episodeExportRows(store, other.runId).find((r) => r.episode_id === other.episodeId)?.hinted).toBe(0);
      expect((await call('episodes.transcript', { episodeId: other.episodeId })).hinted).toBe(false);
      const model = await edaRun(store, 5);
      expect(Object.keys(episodeExportRows(store, model)[0]!)).not.toContain('hinted');
    } finally {
      await service.close();
    }
  });
});

describe('the episode bundle (Export with images)', () => {
  const playable = allGames().filter((g) => capabilityOf(g, 'builtins') || g.id === 'eda');
  it.each(playable.map((g) => g.id))('%s: a zip of episode.json, transcript.md, images.csv and the images', async (id) => {
    const store = tempStore();
    const game = allGames().find((g) => g.id === id)!;
    const dataset = game.datasets.bundled()[0]!;
    const players = Object.fromEntries(game.roles.map((r) => [r.id, id === 'eda' ? mockModel(r.id === 'judge' ? 'mock-judge' : 'mock-guesser') : { provider: 'builtin', model: 'reference' }]));
    let runId: number;
    try {
      ({ runId } = await prepareRun(store, { game: id, dataset: { name: dataset.name }, repetitions: 1, limit: 1, seed: 3, players }));
    } catch (error) {
      // Games on photographs only run where their images are (checked in their own suites).
      expect((error as Error).message).toMatch(/image/i);
      return;
    }
    await executeRun(store, runId);
    const { service, call } = api(store);
    try {
      const episodeId = store.episodes.ids(runId, ['done', 'error'])[0]!;
      const file = await call('episodes.exportBundle', { episodeId });
      expect(file).toMatchObject({ filename: `episode-${episodeId}.zip`, mime: 'application/zip', encoding: 'base64' });
      const files = unzipSync(Buffer.from(file.content, 'base64'));
      const names = Object.keys(files);
      expect(names).toEqual(expect.arrayContaining([`episode-${episodeId}/episode.json`, `episode-${episodeId}/transcript.md`, `episode-${episodeId}/images.csv`]));
      const json = JSON.parse(new TextDecoder().decode(files[`episode-${episodeId}/episode.json`])) as ApiOutput<'episodes.transcript'>;
      expect(json.episode.id).toBe(episodeId);
      expect(json.events.length).toBe(store.events.list(episodeId).length);
      expect(json.neighbours).toMatchObject({ position: 1 });
      const md = new TextDecoder().decode(files[`episode-${episodeId}/transcript.md`]);
      expect(md.startsWith(`# Episode ${episodeId}:`)).toBe(true);
      const csv = new TextDecoder().decode(files[`episode-${episodeId}/images.csv`]);
      const imageFiles = names.filter((n) => n.includes('/images/'));
      expect(csv.trim().split('\n').length - 1).toBe(imageFiles.length);
    } finally {
      await service.close();
    }
  }, 30_000);
});
