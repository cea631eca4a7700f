/**
 * SimulBench's script-making pipeline end to end: three tasks, dialogues played by the built-in user
 * agent, simulator and judge through the runner and store, and the same policies over the OpenAI
 * wire (the loopback mock's `mock-play:simulbench_make:<role>`) with the paper's sampling in the
 * stored requests; the scripts saved as a versioned JSONL (engine, API and CLI), read back by the
 * evaluation game and played by it; a user agent that never answers in JSON is a failure, not scripts.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { gameById } from '../../electron/engine/games/registry';
import { scriptSet } from '../../electron/engine/games/simulbench_make/export';
import { runFileEpisodes } from '../../electron/engine/runner/run-files';
import { loadScripts } from '../../electron/engine/games/simulbench/scripts';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const ROLES = ['simulator', 'user_agent', 'judge'] as const;
const builtins = (variants: Partial<Record<string, string>> = {}) => Object.fromEntries(ROLES.map((r) => [r, { provider: 'builtin', model: variants[r] ? `reference-${variants[r]}` : 'reference' }]));
const overOpenai = () => Object.fromEntries(ROLES.map((r) => [r, { provider: 'openai', model: `mock-play:simulbench_make:${r}`, baseUrl: mock.openaiBaseUrl }]));

async function make(store: Store, players: Record<string, unknown>, repetitions: number) {
  const { runId } = await prepareRun(store, { game: 'simulbench_make', dataset: { name: 'simulbench-tasks' }, repetitions, limit: 3, seed: 5, concurrency: 3, players });
  const result = await executeRun(store, runId);
  return { runId, result, episodes: store.episodes.list(runId) };
}

/** The scripts each kind should have, from the episodes' scores alone. */
function expectedKinds(episodes: { scores: Record<string, number> | null }[]) {
  const judged = episodes.map((e) => e.scores!);
  return {
    last_only: judged.filter((s) => s.challenging_turn === 0).length,
    first_chan: judged.filter((s) => s.challenging_turn! > 0).length,
    subseq_chan: judged.filter((s) => s.challenging_turn! > 0).reduce((n, s) => n + s.turns! - s.challenging_turn!, 0),
  };
}

/** The run's script set written to a file or into a folder, with its counts (what `parlor file <run> scripts` writes). */
function exportScripts(store: Store, runId: number, out: string) {
  const set = scriptSet(runId, runFileEpisodes(store, runId));
  const path = existsSync(out) && statSync(out).isDirectory() ? join(out, set.filename) : out;
  writeFileSync(path, set.content);
  return { path, scripts: set.scripts, byKind: set.byKind };
}

describe('SimulBench script making', () => {
  it('makes dialogues with the built-in players, saves their scripts, and the evaluation game plays them', async () => {
    const store = tempStore();
    const { runId, result, episodes } = await make(store, builtins(), 2);
    expect(result.errors).toBe(0);
    expect(episodes).toHaveLength(6);
    expect(episodes.map((e) => e.instance.key)).toEqual(['000#Linux_Terminal', '001#JavaScript_Console', '002#Excel_Sheet', '000#Linux_Terminal', '001#JavaScript_Console', '002#Excel_Sheet']);
    for (const e of episodes) {
      expect(e.outcome).toBe('success');
      expect(e.scores!.turns).toBe(4);
      const t = e.scores!.challenging_turn!;
      expect(e.scores!.scripts).toBe(t === 0 ? 1 : 5 - t);
      expect(e.instance.tags).toEqual({ act: e.instance.name, type: 'stateful' });
    }

    const dir = tempDir();
    const saved = exportScripts(store, runId, dir);
    expect(basename(saved.path)).toMatch(new RegExp(`^simulbench-scripts-run${runId}-[0-9a-f]{8}\\.jsonl$`));
    expect(saved.byKind).toEqual(expectedKinds(episodes));
    // The three tasks' dialogues give every kind: none challenging, challenging from turn 3, from turn 2.
    expect(episodes.slice(0, 3).map((e) => e.scores!.challenging_turn)).toEqual([0, 3, 2]);
    expect(saved.scripts).toBe(episodes.reduce((n, e) => n + e.scores!.scripts!, 0));
    const scripts = loadScripts(saved.path);
    expect(scripts.map((s) => s.id)).toEqual(scripts.map((_, k) => k));
    expect(new Set(scripts.map((s) => s.source_file_name))).toEqual(new Set([`run${runId}-rep1`, `run${runId}-rep2`]));
    // Hard scripts first, then LastOnly, as the released file.
    const lastOnly = scripts.findIndex((s) => s.turn_num === 0);
    if (lastOnly >= 0) expect(scripts.slice(lastOnly).every((s) => s.turn_num === 0)).toBe(true);
    for (const s of scripts) expect(s.dialogue_history).toHaveLength(s.turn_num === 0 ? 7 : 2 * s.turn_num - 1);
    // Same content, same name: a script set is versioned by what it holds.
    expect(exportScripts(store, runId, join(dir, 'again.jsonl'))).toMatchObject({ scripts: saved.scripts });
    expect(readFileSync(join(dir, 'again.jsonl'), 'utf8')).toBe(readFileSync(saved.path, 'utf8'));

    // The evaluation game reads the file, kinds by dialogue, and plays it.
    const simulbench = gameById('simulbench');
    const kinds = simulbench.datasets.load({ name: 'mine', file: saved.path }).instances.map((i) => i.tags.kind);
    expect({ last_only: kinds.filter((k) => k === 'last_only').length, first_chan: kinds.filter((k) => k === 'first_chan').length, subseq_chan: kinds.filter((k) => k === 'subseq_chan').length }).toEqual(saved.byKind);
    const evaluation = await prepareRun(store, {
      game: 'simulbench',
      dataset: { name: 'mine', file: saved.path },
      limit: 3,
      seed: 1,
      players: Object.fromEntries(simulbench.roles.map((r) => [r.id, { provider: 'builtin', model: 'reference' }])),
    });
    expect((await executeRun(store, evaluation.runId)).errors).toBe(0);
    expect(store.episodes.list(evaluation.runId)).toHaveLength(3);
  });

  it('plays the same dialogues over the OpenAI wire, the user agent at temperature 1.2 with 300 tokens', async () => {
    const store = tempStore();
    const local = await make(store, builtins(), 1);
    const before = mock.requests.length;
    const wire = await make(store, overOpenai(), 1);
    expect(wire.result.errors).toBe(0);
    const scores = (eps: typeof local.episodes) => eps.map((e) => [e.instance.key, e.outcome, e.scores]);
    expect(scores(wire.episodes)).toEqual(scores(local.episodes));

    for (const e of wire.episodes) {
      const calls = store.models.calls(e.id);
      expect(calls.map((c) => c.role)).toEqual(['simulator', 'user_agent', 'simulator', 'user_agent', 'simulator', 'user_agent', 'simulator', 'judge']);
      const sampling = (role: string) => [...new Set(calls.filter((c) => c.role === role).map((c) => JSON.stringify(c.request).match(/"(temperature|max_(?:completion_)?tokens)":[\d.]+/g)!.sort().join()))];
      expect(sampling('user_agent')).toEqual([expect.stringMatching(/"max_(completion_)?tokens":300,"temperature":1\.2/)]);
      expect(sampling('simulator')).toEqual([expect.stringMatching(/"max_(completion_)?tokens":1024,"temperature":0/)]);
      expect(sampling('judge')).toEqual([expect.stringMatching(/"max_(completion_)?tokens":200,"temperature":0/)]);
    }
    // What reached the provider: every user-agent request at 1.2 (the preflight aside).
    const agent = mock.requests.slice(before).filter((r) => (r.body as { model?: string }).model === 'mock-play:simulbench_make:user_agent' && (r.body as { max_tokens?: number; max_completion_tokens?: number }).max_tokens !== 1 && (r.body as { max_completion_tokens?: number }).max_completion_tokens !== 1);
    expect(agent).toHaveLength(3 * 3);
    expect(agent.every((r) => (r.body as { temperature?: number }).temperature === 1.2)).toBe(true);

    const a = exportScripts(store, local.runId, tempDir());
    const b = exportScripts(store, wire.runId, tempDir());
    expect(b.byKind).toEqual(a.byKind);
  });

  it('records a user agent that never writes its JSON block as a failed collection, which cuts no scripts', async () => {
    const store = tempStore();
    const { runId, result, episodes } = await make(store, builtins({ user_agent: 'prose' }), 1);
    expect(result.errors).toBe(0);
    for (const e of episodes) {
      expect([e.outcome, e.scores]).toEqual(['aborted', { scripts: 0, turns: 1 }]);
      expect(store.events.list(e.id).filter((ev) => ev.from === 'user_agent').map((ev) => ev.valid)).toEqual([false, false, false]);
    }
    expect(() => exportScripts(store, runId, tempDir())).toThrow(/no finished dialogue with a judged challenging turn/);
  });

  it('offers the script set through the API and the CLI', async () => {
    const dir = tempDir();
    const db = join(dir, 'parlor.db');
    const store = tempStore();
    const { runId } = await make(store, builtins(), 1);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
    const reply = await service.registry.dispatch('runs.file', { runId, id: 'scripts' });
    expect(reply).toMatchObject({ ok: true, result: { filename: expect.stringMatching(/^simulbench-scripts-run\d+-[0-9a-f]{8}\.jsonl$/), mime: 'application/jsonl' } });
    const other = await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'firstchan' }, limit: 1, players: Object.fromEntries(gameById('simulbench').roles.map((r) => [r.id, { provider: 'builtin', model: 'reference' }])) });
    expect(await service.registry.dispatch('runs.file', { runId: other.runId, id: 'scripts' })).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('SimulBench makes no file "scripts" from a run') } });

    const made = await parlor(db, ['run', '--game', 'simulbench_make', '--limit', '2', '-r', '1', '--seed', '5', '--simulator', 'builtin:reference', '--user-agent', 'builtin:reference', '--judge', 'builtin:reference']);
    expect(made.code).toBe(0);
    const out = join(dir, 'set.jsonl');
    const cli = await parlor(db, ['file', '1', 'scripts', '-o', out]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`^wrote ${out.replace(/[.\\/]/g, '\\$&')}: \\d+ scripts \\(LastOnly \\d+, FirstChan \\d+, SubseqChan \\d+\\)`));
    expect(loadScripts(out).length).toBeGreaterThan(1);
    expect((await parlor(db, ['file', '1', 'rate'])).stderr).toMatch(/makes no file "rate" from a run; it makes: scripts/);
  });
});
