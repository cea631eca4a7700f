/**
 * A game that is not EDA, end to end through the core: runner, store, scores, explore, exports,
 * transcripts (with its image), annotation and a person in a seat. If any of these needed to know the
 * game, this test could not be written without touching the core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { mediaSha } from '../../shared/contract/content';
import { renderTranscript } from '../../electron/cli/commands/show';
import { rescoreRun } from '../../electron/engine/analysis/rescore';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { episodeExportRows } from '../../electron/engine/io/episodes';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { toyGame } from '../fixtures/toy-game/game';
import { firstPixel, solidPng } from '../fixtures/toy-game/png';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { imagesOf } from '../mock-provider/vision';
import { tempStore } from '../support/tmp';
import { registerFixtureGame } from '../support/fixture-games';

await registerFixtureGame('toy-game');

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const model = (name: string, provider: 'openai' | 'anthropic' = 'openai') => ({ provider, model: name, baseUrl: provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl });

async function play(store: Store, seer: string, provider: 'openai' | 'anthropic' = 'openai', extra: Record<string, unknown> = {}) {
  const { runId } = await prepareRun(store, {
    game: 'toy', dataset: { name: 'colours' }, repetitions: 2, seed: 4, preflight: false,
    players: { seer: model(seer, provider), relay: model('mock-vision'), decider: model('mock-vision') }, ...extra,
  });
  await executeRun(store, runId);
  return runId;
}

function api(service: ApiService) {
  return async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const reply = await service.registry.dispatch(method, input);
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.result as ApiOutput<M>;
  };
}

describe('a test-only game with three seats, an image, an abort rule and a custom aggregate', () => {
  it('plays through the real SDKs: the image reaches the model as bytes and is stored once as media', async () => {
    const store = tempStore();
    const before = mock.requests.length;
    const runId = await play(store, 'mock-vision');
    const episodes = store.episodes.list(runId);
    expect(episodes).toHaveLength(8);
    expect(episodes.every((e) => e.status === 'done' && e.outcome === 'success')).toBe(true);
    expect(episodes.map((e) => e.seats.map((s) => s.seat))).toEqual(episodes.map(() => ['decider', 'relay', 'seer']));

    // The prompt event holds the image as a media reference; the media table holds the PNG itself.
    const red = episodes.find((e) => e.instance.key === 'red')!;
    const events = store.events.list(red.id);
    expect(events.map((e) => [e.round, e.kind, e.from ?? e.to])).toEqual([
      [1, 'prompt', 'seer'], [1, 'response', 'seer'], [2, 'prompt', 'relay'], [2, 'response', 'relay'], [3, 'prompt', 'decider'], [3, 'response', 'decider'], [3, 'system', null],
    ]);
    const image = events[0]!.parts!.find((p) => p.type === 'image')!;
    expect(image.type === 'image' && image.mime).toBe('image/png');
    const stored = store.media.get(mediaSha(image.type === 'image' ? image.ref : ''));
    expect(stored.bytes.equals(solidPng([220, 20, 20]))).toBe(true);

    // What went over the wire: the bytes as an OpenAI data URL; what was recorded: the reference only.
    const sent = mock.requests.slice(before).filter((r) => JSON.stringify(r.body).includes('COLOUR'));
    expect(sent.length).toBe(8);
    const wired = imagesOf((sent[0]!.body.messages as { content: unknown }[])[0]!.content);
    expect(firstPixel(wired[0]!)).toHaveLength(3);
    const call = store.models.call(events[1]!.callId!);
    expect(JSON.stringify(call.request)).toContain(image.type === 'image' ? image.ref : 'x');
    expect(JSON.stringify(call.request)).not.toContain('base64');

    // Scores in long format, an episode-level and a seat-level one.
    expect(red.scores).toEqual({ accuracy: 1, played: 1 });
    expect(red.seatScores).toEqual({ relay: { faithful: 1 } });
    expect(rescoreRun(store, runId).changed).toBe(0);
  });

  it('sends the image through the Anthropic SDK too', async () => {
    const store = tempStore();
    const before = mock.requests.length;
    const runId = await play(store, 'mock-vision', 'anthropic');
    expect(store.episodes.list(runId).filter((e) => e.outcome === 'success')).toHaveLength(8);
    const anthropic = mock.requests.slice(before).find((r) => r.format === 'anthropic')!;
    const [png] = imagesOf((anthropic.body.messages as { content: unknown }[])[0]!.content);
    expect(png!.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('a malformed reply is reprompted once, then the episode is aborted by the rule: scored as aborted, not an error', async () => {
    const store = tempStore();
    const sloppy = await play(store, 'mock-vision-sloppy');
    const corrected = store.episodes.list(sloppy);
    expect(corrected.every((e) => e.outcome === 'success')).toBe(true);
    const kinds = store.events.list(corrected[0]!.id).slice(0, 4).map((e) => [e.kind, e.valid]);
    expect(kinds).toEqual([['prompt', null], ['response', false], ['reprompt', null], ['response', true]]);

    const broken = await play(store, 'mock-vision-broken', 'openai', { settings: { reprompts: 0 } });
    const aborted = store.episodes.list(broken);
    expect(aborted.every((e) => e.status === 'done' && e.outcome === 'aborted' && e.errorKind === null)).toBe(true);
    expect(aborted[0]!.scores).toEqual({ played: 0 }); // accuracy not scored: not a 0
    expect(store.runs.list(broken)[0]!.outcomes).toEqual({ success: 0, failure: 0, aborted: 8 });
  });

  it('explore, exports and the text transcript work from the metric spec, view hints and aggregate alone', async () => {
    const store = tempStore();
    await play(store, 'mock-vision');
    await play(store, 'mock-vision-broken', 'openai', { settings: { reprompts: 0 } });
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const call = api(service);
    try {
      const board = await call('explore.leaderboard', { filters: { game: 'toy', dataset: 'colours' } });
      expect(board.subjectLabel).toBe('Seer + Decider');
      expect(board.coverage).toMatchObject({ mode: 'common', total: 4, common: 4, outside: [] }); // aborted games are finished games
      const good = board.rows.find((r) => r.player === 'openai:mock-vision')!;
      const bad = board.rows.find((r) => r.player === 'openai:mock-vision-broken--openai:mock-vision')!;
      expect(board.rows.map((r) => r.player).sort()).toEqual(['openai:mock-vision', 'openai:mock-vision-broken--openai:mock-vision']);
      expect(good.metrics.played).toMatchObject({ mean: 1, n: 8 });
      expect(good.metrics.accuracy).toMatchObject({ mean: 1, n: 8 });
      expect(good.aggregates.relayscore).toBe(100);
      expect(bad.metrics.played).toMatchObject({ mean: 0, n: 8 });
      expect(bad.metrics.accuracy).toBeUndefined();
      expect(bad.aggregates.relayscore).toBeNull();
      expect(board.best).toEqual({ played: ['openai:mock-vision'], accuracy: ['openai:mock-vision'] });
      expect(board.rows[0]!.player).toBe('openai:mock-vision');

      // Rows by another role: the relay's own (seat) metric is its player's.
      const byRelay = await call('explore.leaderboard', { filters: { game: 'toy', dataset: 'colours', by: 'relay' } });
      expect(byRelay.subjectLabel).toBe('Relay');
      expect(byRelay.rows.map((r) => [r.player, r.episodes])).toEqual([['openai:mock-vision', 16]]);
      expect(byRelay.rows[0]!.metrics.faithful).toMatchObject({ mean: 1, n: 8 }); // the aborted games never reached the relay
      expect(byRelay.rows[0]!.metrics.played).toMatchObject({ mean: 0.5, n: 16 });
      await expect(call('explore.leaderboard', { filters: { game: 'toy', dataset: 'colours', by: 'judge' } })).rejects.toThrow('Relay has no role "judge"; its roles: seer, relay, decider.');

      const heat = await call('explore.heatmap', { filters: { game: 'toy', dataset: 'colours' }, topic: 'warmth', metric: 'played' });
      expect(heat.topics).toEqual(['cool', 'warm']);
      expect(heat.metricLabel).toBe('played rate');
      const levels = await call('explore.difficulty', { filters: { game: 'toy', dataset: 'colours' }, axis: 'tag:difficulty' });
      expect(levels.rows.map((r) => r.level).sort()).toEqual(['easy', 'hard']);
      const options = await call('explore.options', {});
      expect(options.games.find((g) => g.id === 'toy')!.datasets[0]).toMatchObject({ tags: ['difficulty', 'warmth'], conditions: { relay: ['openai:mock-vision'] } });

      const csv = await call('explore.export', { view: 'leaderboard', format: 'csv', filters: { game: 'toy', dataset: 'colours' } });
      expect(csv.content.split('\r\n')[0]).toBe(
        'player,kind,episodes,repetitions,errors_excluded,unfinished_excluded,left_out,played_mean,played_std,played_pooled,played_ci_low,played_ci_high,accuracy_mean,accuracy_std,accuracy_pooled,accuracy_ci_low,accuracy_ci_high,faithful_mean,faithful_std,faithful_pooled,faithful_ci_low,faithful_ci_high,relayscore,notes',
      );
      const tex = await call('explore.export', { view: 'leaderboard', format: 'latex', filters: { game: 'toy', dataset: 'colours' } });
      expect(tex.content).toContain('Seer + Decider & Played $\\uparrow$ & Accuracy $\\uparrow$ & Faithful $\\uparrow$ & Relay score $\\uparrow$ & n');

      const rows = episodeExportRows(store, 1);
      expect(Object.keys(rows[0]!)).toEqual(['run_id', 'episode_id', 'game', 'dataset', 'set', 'colour', 'repetition', 'seer', 'relay', 'decider', 'status', 'outcome', 'played', 'accuracy', 'seer_faithful', 'relay_faithful', 'decider_faithful', 'error_kind', 'error']);
      expect(rows[0]).toMatchObject({ outcome: 'right', relay_faithful: 1, seer_faithful: null });

      const transcript = await call('episodes.transcript', { episodeId: 1 });
      const ref = transcript.events[0]!.parts!.find((p) => p.type === 'image');
      const media = await call('media.get', { ref: ref!.type === 'image' ? ref!.ref : '' });
      expect(media.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      const text = renderTranscript(toyGame as never, store.episodes.get(1), store.events.list(1), toyGame.settings.parse({}));
      expect(text).toContain('1. [prompt] game → seer: What colour is this picture? Reply as COLOUR: <word>. (+1 image)');
      expect(text).toContain('Seer: openai:mock-vision · Relay: openai:mock-vision · Decider: openai:mock-vision');
    } finally {
      await service.close();
    }
  });

  it('annotates the relay’s words with the game’s own labels and keys', async () => {
    const store = tempStore();
    const runId = await play(store, 'mock-vision');
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const call = api(service);
    try {
      const set = await call('annotations.create', { name: 'relays', spec: { runs: [runId], method: 'random', size: 4, seed: 2, strata: undefined } });
      expect(set).toMatchObject({ items: 4, game: 'toy' });
      const { items, info } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 10 });
      expect(info.labels.map((l) => l.key)).toEqual(['f', 'n']);
      expect(items[0]!.prompt).toMatch(/^The seer said "\w+"\. Pass it on/);
      expect(items[0]!.label).toBe('faithful');
      await call('annotations.label', { setId: set.id, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'wrong', answer: 'unfaithful' });
      for (const item of items.slice(1)) await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: 'ada', verdict: 'correct' });
      await expect(call('annotations.label', { setId: set.id, itemId: items[0]!.itemId, annotator: 'ada', verdict: 'wrong', answer: 'yes' })).rejects.toThrow(/"yes" is not a verdict here: use faithful, unfaithful/);
      const results = await call('annotations.results', { setId: set.id });
      expect(results.overall).toMatchObject({ k: 1, n: 4 });
      expect(results.confusion).toMatchObject({ produced: ['faithful'], gold: ['faithful', 'unfaithful', 'ambiguous'] });
      const labels = await call('annotations.export', { setId: set.id, what: 'labels', format: 'csv' });
      expect(labels.content.split('\r\n')[0]).toBe('Set,Item,Position,Run,Episode,Turn,Colour,Dataset,Relay model,Told,Relayed,Relay verdict,Annotator,Verdict,Correct verdict,Note,Labelled at (UTC)');
    } finally {
      await service.close();
    }
  });

  it('a person can take the relay seat and is shown only what the relay sees', async () => {
    const store = tempStore();
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const call = api(service);
    try {
      const vision = await call('models.save', { name: 'vision', config: model('mock-vision') });
      const game = await call('human.start', { game: 'toy', handle: 'ada', dataset: 'colours', subset: 'all', seat: 'relay', models: { seer: vision.id, decider: vision.id } });
      expect(game).toMatchObject({ seat: 'relay', waiting: true, instance: null });
      expect(game.prompt!.at(-1)!.text).toMatch(/^The seer said "(\w+)"\. Pass it on as RELAY: <word>\.$/);
      // The relay hears the seer's word and its own prompt; the seer's picture is not the relay's to see.
      expect(game.transcript.events.map((e) => [e.kind, e.from ?? e.to])).toEqual([['response', 'seer'], ['prompt', 'relay']]);
      expect(game.transcript.episode.instance).toBe('?');
      const word = /"(\w+)"/.exec(game.prompt!.at(-1)!.text)![1]!;
      const done = await call('human.say', { episodeId: game.episodeId, text: `RELAY: ${word}` });
      expect(done).toMatchObject({ status: 'done', outcome: 'success', instance: word });
      expect(done.transcript.events.find((e) => e.from === 'relay')).toMatchObject({ kind: 'input', valid: true });
      expect(store.episodes.get(game.episodeId).seatScores).toEqual({ relay: { faithful: 1 } });
      const sessions = await call('human.sessions', {});
      expect(sessions[0]).toMatchObject({ game: 'toy', seat: 'relay', player: 'human:ada' });
    } finally {
      await service.close();
    }
  });
});
