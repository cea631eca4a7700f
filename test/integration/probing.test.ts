/**
 * Dialogue-state probing against the mock: probes are stored apart from the game, never enter any
 * game request, leave the game exactly as it was without them, survive a failed probe call, and are
 * read back as Table 3 rows and per-model rank series.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeView } from '../../electron/engine/capabilities/probing/view';
import { PROBE_PREFILL } from '../../electron/engine/games/eda/settings';
import { ProviderError } from '../../electron/engine/players/errors';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';

let mock: MockProvider;
let dir: string;
let db: string;
let store: Store;
let plain: number;
let probed: number;

const messagesOf = (request: unknown) => (request as { messages: { role: string; content: unknown }[] }).messages;
const strip = (events: ReturnType<Store['events']['list']>) => events.map(({ round, from, to, kind, text, action, valid, flags }) => ({ round, from, to, kind, text, action, valid, flags }));

beforeAll(async () => {
  mock = await startMockProvider();
  dir = mkdtempSync(join(tmpdir(), 'parlor-probing-'));
  db = join(dir, 'p.db');
  store = Store.open(db);
  const model = (m: string) => ({ provider: 'openai' as const, model: m, baseUrl: mock.openaiBaseUrl });
  const config = (probe: boolean) => ({ dataset: { name: 'things', subset: 'test' }, limit: 4, repetitions: 1, seed: 11, preflight: false, players: { guesser: model('mock-guesser'), judge: model('mock-judge') }, settings: { probe: { enabled: probe } } });
  ({ runId: plain } = await prepareRun(store, config(false)));
  await executeRun(store, plain, {});
  ({ runId: probed } = await prepareRun(store, config(true)));
  await executeRun(store, probed, {});
});
afterAll(async () => {
  store.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('dialogue-state probing', () => {
  it('plays exactly the game it plays without probes: same events, same scores', () => {
    const a = store.episodes.list(plain);
    const b = store.episodes.list(probed);
    expect(b.map((e) => e.status)).toEqual(['done', 'done', 'done', 'done']);
    for (const [i, episode] of a.entries()) {
      expect(strip(store.events.list(b[i]!.id))).toEqual(strip(store.events.list(episode.id)));
      expect(b[i]!.scores).toEqual(episode.scores);
    }
    expect(store.probes.count(plain)).toBe(0);
  });

  it('asks one probe before every question, stored apart, and no game request holds a probe or its reply', () => {
    for (const episode of store.episodes.list(probed)) {
      const probes = store.probes.list(episode.id);
      const questions = store.events.list(episode.id).filter((e) => e.from === 'guesser');
      expect(probes.map((p) => p.round)).toEqual(questions.map((q) => q.round));
      expect(probes.every((p) => p.valid && p.seat === 'guesser' && p.kind === 'top5')).toBe(true);
      const calls = store.models.calls(episode.id).filter((c) => c.status === 'ok');
      const probeCalls = calls.filter((c) => c.role === 'guesser:top5');
      expect(probeCalls).toHaveLength(probes.length);
      expect(probes.map((p) => p.callId)).toEqual(probeCalls.map((c) => c.id));
      // The probe request is the guesser's history at that turn plus the paper's sentence as its own words.
      for (const call of probeCalls) expect(messagesOf(call.request).at(-1)).toEqual({ role: 'assistant', content: PROBE_PREFILL });
      const replies = probes.map((p) => p.text!);
      for (const call of calls.filter((c) => c.role !== 'guesser:top5')) {
        const sent = JSON.stringify(messagesOf(call.request));
        expect(sent).not.toContain('top 5 most likely');
        for (const reply of replies) expect(sent).not.toContain(JSON.stringify(reply).slice(1, -1));
      }
    }
  });

  it('reads probes back as Table 3 rows and a rank series per model', () => {
    const view = probeView(store, [probed]);
    expect(view).toMatchObject({ kind: 'top5', seat: 'guesser', size: 5, absentRank: 6 });
    expect(view.episodes).toHaveLength(4);
    const episode = view.episodes[0]!;
    const probes = store.probes.list(episode.episodeId);
    expect(episode.rounds.map((r) => r.items)).toEqual(probes.map((p) => (p.result as { candidates: string[] }).candidates));
    // The mock draws new candidates only after a No: a turn answered No turns all five over, a Yes keeps them.
    for (const [i, r] of episode.rounds.slice(0, -1).entries()) {
      const next = episode.rounds[i + 1]!;
      if (/^yes/i.test(r.reply ?? '')) expect(r.turnover).toBe(false);
      if (r.turnover) expect(next.items!.some((c) => r.items!.includes(c))).toBe(false);
    }
    const [series] = view.series;
    expect(series!.player).toBe('openai:mock-guesser');
    expect(series!.points[0]).toMatchObject({ round: 1, n: 4 });
    expect(view.counts).toEqual({ episodes: 4, probes: view.episodes.reduce((n, e) => n + e.rounds.filter((r) => r.items).length, 0), failed: 0 });
    expect(() => probeView(store, [plain])).toThrow(/played without probes/);
  });

  it('a failed probe call is stored as failed and the game goes on', async () => {
    const guesser = new ScriptedModel('script', (r) => (r.messages.at(-1)?.role === 'assistant' ? new ProviderError('bad_request', 'the provider refused the prefill') : 'Is it a guitar?'));
    const judge = new ScriptedModel('judge', () => 'No.');
    const createModel = (c: { model: string }) => (c.model === 'script' ? guesser : judge);
    const { runId } = await prepareRun(store, { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1, seed: 1, preflight: false, settings: { probe: { enabled: true }, maxTurns: 3 }, players: { guesser: { provider: 'scripted', model: 'script' }, judge: { provider: 'scripted', model: 'judge' } } }, { createModel });
    await executeRun(store, runId, { createModel });
    const [episode] = store.episodes.list(runId);
    expect(episode!.status).toBe('done');
    const probes = store.probes.list(episode!.id);
    expect(probes.map((p) => [p.round, p.valid, p.error])).toEqual([1, 2, 3].map((r) => [r, false, expect.stringContaining('the provider refused the prefill')]));
    expect(probeView(store, [runId]).counts).toMatchObject({ probes: 3, failed: 3 });
  });

  it('parlor probes prints the rank series and one episode as Table 3', async () => {
    const out = await parlor(db, ['probes', String(probed)]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/openai:mock-guesser/);
    expect(out.stdout).toMatch(/mean rank/i);
    const episodeId = store.episodes.list(probed)[0]!.id;
    const one = await parlor(db, ['probes', String(probed), '--episode', String(episodeId)]);
    expect(one.code).toBe(0);
    const first = store.probes.list(episodeId)[0]!;
    for (const c of (first.result as { candidates: string[] }).candidates) expect(one.stdout).toContain(c);
    const run = await parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '1', '--repetitions', '1', '--seed', '2', '--no-preflight', '--set', 'probe.enabled=true', '--set', 'probe.style=ask']);
    expect(run.code, run.stderr).toBe(0);
    const cliRun = Math.max(...store.runs.list().map((r) => r.id));
    const [cliEpisode] = store.episodes.list(cliRun);
    const asked = store.models.calls(cliEpisode!.id).filter((c) => c.role === 'guesser:top5');
    expect(asked.length).toBeGreaterThan(0);
    expect(messagesOf(asked[0]!.request).at(-1)!.role).toBe('user');
    const bad = await parlor(db, ['probes', String(plain)]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/played without probes/);
  });
});
