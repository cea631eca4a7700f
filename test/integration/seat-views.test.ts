/**
 * One record of what each seat saw (issue 29): every registered game played through the runner into a
 * store (built-in players, the loopback mock for EDA, probes on, a person's seat through the API), and
 * every stored call's request checked against the seat's view rebuilt from the stored events alone —
 * each reply's call, each probe's, a person's turns — and no game call without its reply in the record.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, type ContentPart } from '../../shared/contract/content';
import type { MessageRole } from '../../shared/contract/game';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { callViews, seatView, withSteps } from '../../electron/engine/core/seat-view';
import { allGames } from '../../electron/engine/games/registry';
import type { ChatMessage } from '../../electron/engine/players/types';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { CallRow } from '../../electron/engine/store/models';
import { Store } from '../../electron/engine/store/store';
import { drawRooms, missingImages } from '../fixtures/schema-15/build';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { apiCaller, type ApiCall } from '../support/api';
import { tempDir } from '../support/tmp';
import { registerFixtureGame } from '../support/fixture-games';

// The rock-paper-scissors test game, added as a newcomer adds one (its folder, nothing else), is checked like the bundled games.
await registerFixtureGame('rps');

const USER_IMAGES = resolve('test/fixtures/user-images');
const builtin = (model = 'reference') => ({ provider: 'builtin' as const, model });

/** What each game is played with: a dataset whose images a test can have, and players that need no key. */
function configOf(game: string, mock: MockProvider, rooms: string): Record<string, unknown> {
  const openai = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });
  const seats = (roles: string[]) => Object.fromEntries(roles.map((r) => [r, builtin()]));
  const clem = (experiments: string[] | undefined, folders?: string[]) => ({ dataset: { name: 'v1.6', ...(experiments ? { experiments } : {}) }, ...(folders ? { images: { folders } } : {}) });
  switch (game) {
    case 'eda':
      return { dataset: { name: 'things', subset: 'test' }, limit: 2, settings: { probe: { enabled: true } }, players: { guesser: openai('mock-guesser'), judge: openai('mock-judge') } };
    case 'age':
      return { dataset: { name: 'age', subset: 'business' }, limit: 1, players: { player: ['alpha', 'beta', 'gamma', 'delta'].map((n) => builtin(`reference-${n}`)) } };
    case 'simulbench':
      return { dataset: { name: 'simulbench', subset: 'firstchan' }, limit: 2, players: seats(['simulator', 'judge']) };
    case 'simulbench_pairwise':
      return { dataset: { name: 'simulbench', subset: 'firstchan' }, limit: 1, players: { model_a: builtin('reference-x'), model_b: builtin('reference-y'), judge: builtin() } };
    case 'simulbench_make':
      return { dataset: { name: 'simulbench-tasks' }, limit: 1, players: seats(['simulator', 'user_agent', 'judge']) };
    case 'referencegame':
      return { ...clem(['line_grids_rows', 'letter_grids']), limit: 2, players: seats(['describer', 'follower']) };
    case 'multimodal_referencegame':
      return { ...clem(['line_grids_rows']), limit: 1, players: seats(['describer', 'follower']) };
    case 'matchit_ascii':
      return { ...clem(undefined), limit: 1, players: seats(['player_a', 'player_b']) };
    case 'matchit':
      return { ...clem(['same_image'], [USER_IMAGES]), limit: 1, players: seats(['player_a', 'player_b']) };
    case 'mm_mapworld':
    case 'mm_mapworld_graphs':
      return { ...clem(['small'], [USER_IMAGES]), limit: 1, players: seats(['explorer']) };
    case 'mm_mapworld_specificroom':
      return { ...clem(['on'], [USER_IMAGES, rooms]), limit: 1, players: seats(['explorer']) };
    case 'rps':
      return { dataset: { name: 'matches' }, players: seats(['first', 'second']), settings: { rounds: 3 } };
    default:
      // The text MapWorld games, and any game added later with built-in players for its roles.
      return { dataset: { name: 'v1.6' }, limit: 1, players: seats(allGames().find((g) => g.id === game)!.roles.map((r) => r.id)) };
  }
}

/** A request's messages as the check compares them: each message's role and text, and the images it carried (by reference when the request names them). */
interface Sent {
  role: MessageRole;
  text: string;
  images: string[];
}

const sentOf = (messages: readonly ChatMessage[], imagesBy: 'ref' | 'none'): Sent[] =>
  messages.map((m) => ({
    role: m.role,
    text: typeof m.content === 'string' ? m.content : textOf(m.content),
    images: imagesBy === 'none' || typeof m.content === 'string' ? [] : m.content.flatMap((p: ContentPart) => (p.type === 'image' ? [p.ref] : [])),
  }));

/** What a stored call sent: a built-in player's request holds the messages themselves; a person's and the OpenAI SDK's, roles and text. */
function requestOf(call: CallRow): { messages: Sent[]; imagesBy: 'ref' | 'none' } {
  const request = call.request as { builtin?: string; messages?: { role: MessageRole; content: unknown }[] };
  if (!Array.isArray(request.messages)) throw new Error(`call ${call.id} stored no messages`);
  if (typeof request.builtin === 'string') return { messages: sentOf(request.messages as ChatMessage[], 'ref'), imagesBy: 'ref' };
  const text = (content: unknown) => (typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '');
  return { messages: request.messages.map((m) => ({ role: m.role, text: text(m.content), images: [] })), imagesBy: 'none' };
}

interface Checked {
  calls: number;
  probes: number;
  episodes: number;
}

/** Every stored call of an episode against the view its seat had, rebuilt from the stored events. */
function checkEpisode(store: Store, episodeId: number, counts: Checked): void {
  const events = store.events.list(episodeId);
  const calls = new Map(store.models.calls(episodeId).map((c) => [c.id, c]));
  const views = callViews(events);
  const answered = new Set<number>();
  for (const e of events) {
    const view = views.get(e.idx);
    if (!view || e.callId === null) continue;
    const call = calls.get(e.callId);
    expect(call, `episode ${episodeId} event ${e.idx} names call ${e.callId}`).toBeDefined();
    const sent = requestOf(call!);
    expect(sent.messages, `episode ${episodeId}: the call of event ${e.idx} (${e.from}, round ${e.round})`).toEqual(sentOf(view, sent.imagesBy));
    answered.add(call!.id);
    counts.calls++;
  }
  for (const probe of store.probes.list(episodeId)) {
    expect(probe.request, `episode ${episodeId}: the ${probe.kind} probe of round ${probe.round} stored what it asked`).toBeDefined();
    if (probe.callId === null) continue;
    const asked = withSteps(seatView(events, probe.seat, probe.request!.viewEvents), probe.request!.steps);
    const sent = requestOf(calls.get(probe.callId)!);
    expect(sent.messages, `episode ${episodeId}: the ${probe.kind} probe of round ${probe.round}`).toEqual(sentOf(asked, sent.imagesBy));
    answered.add(probe.callId);
    counts.probes++;
  }
  // Every game call that was answered is in the record (a hint is asked apart from the game).
  const unrecorded = [...calls.values()].filter((c) => c.status === 'ok' && c.role !== 'hint' && !answered.has(c.id));
  expect(unrecorded.map((c) => `${c.role} round ${c.round}`), `episode ${episodeId}: answered calls with no reply in the record`).toEqual([]);
  counts.episodes++;
}

describe('each stored call sent exactly the view its seat has in the record', () => {
  let mock: MockProvider;
  let store: Store;
  let service: ApiService;
  let call: ApiCall;
  const runs = new Map<string, number>();
  let person: { finished: number; halfPlayed: number };

  beforeAll(async () => {
    mock = await startMockProvider();
    const dir = tempDir();
    store = Store.open(join(dir, 'parlor.db'));
    service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    call = apiCaller(service);
    const rooms = join(dir, 'rooms');
    mkdirSync(rooms);
    const specific = { game: 'mm_mapworld_specificroom', dataset: { name: 'v1.6', experiments: ['on'] }, limit: 1 };
    drawRooms(rooms, await missingImages(call, specific, [USER_IMAGES]));
    for (const game of allGames()) {
      const { runId } = await prepareRun(store, { game: game.id, repetitions: 1, seed: 7, concurrency: 1, preflight: false, ...configOf(game.id, mock, rooms) });
      await executeRun(store, runId, {});
      runs.set(game.id, runId);
    }
    // A person as EDA's guesser, through the API: a finished game and one left half-played.
    const judge = await call('models.save', { name: 'judge', config: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } });
    const start = () => call('human.start', { game: 'eda', handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id } });
    const finished = (await start()).episodeId;
    await call('human.say', { episodeId: finished, text: 'Is it alive?' });
    await call('human.say', { episodeId: finished, text: 'Is it man-made?' });
    await call('human.say', { episodeId: finished, text: `Is it a ${store.episodes.get(finished).instance.name.toLowerCase()}?` });
    const halfPlayed = (await start()).episodeId;
    await call('human.say', { episodeId: halfPlayed, text: 'Is it an animal?' });
    await call('human.state', { episodeId: halfPlayed });
    person = { finished, halfPlayed };
  }, 180_000);

  afterAll(async () => {
    await service?.close();
    store?.close();
    await mock?.close();
  });

  it.each(allGames().map((g) => [g.id]))('%s', (id) => {
    const runId = runs.get(id)!;
    const episodes = store.episodes.list(runId);
    expect(episodes.map((e) => e.status), `${id}: every episode finished (a view that is not what was sent stops it)`).toEqual(episodes.map(() => 'done'));
    const counts: Checked = { calls: 0, probes: 0, episodes: 0 };
    for (const episode of episodes) checkEpisode(store, episode.id, counts);
    expect(counts.calls).toBeGreaterThan(0);
    if (id === 'eda') expect(counts.probes).toBeGreaterThan(0);
  });

  it('a person’s seat: what they were shown each turn is their view in the record, finished or in flight', () => {
    const counts: Checked = { calls: 0, probes: 0, episodes: 0 };
    checkEpisode(store, person.finished, counts);
    checkEpisode(store, person.halfPlayed, counts);
    expect(counts.calls).toBeGreaterThanOrEqual(6);
    // The person's replies are in their view as what they typed.
    const events = store.events.list(person.finished);
    expect(seatView(events, 'guesser').filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(events.filter((e) => e.kind === 'input').map((e) => e.text));
  });
});
