/**
 * Training data from real runs against the mock: every JSONL line passes its schema, chats are the
 * guesser's view as it was sent, rewards follow Eq. 1 and Eq. 2, held-out games need the flag.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLineSchema, ChatWithOutcomeLineSchema, RewardsLineSchema } from '../../shared/contract/training';
import { exportTraining } from '../../electron/engine/capabilities/training/export';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { playScriptedEda } from '../support/eda-scripted';
import { tempDir } from '../support/tmp';

let mock: MockProvider;
let dir: string;
let db: string;
let store: Store;
let fileRun: number;
let testRun: number;

beforeAll(async () => {
  mock = await startMockProvider();
  dir = mkdtempSync(join(tmpdir(), 'parlor-training-'));
  db = join(dir, 'p.db');
  store = Store.open(db);
  const model = (m: string) => ({ provider: 'openai' as const, model: m, baseUrl: mock.openaiBaseUrl });
  fileRun = await playScriptedEda(store, dir);
  ({ runId: testRun } = await prepareRun(store, { dataset: { name: 'things', subset: 'test' }, limit: 4, repetitions: 1, seed: 8, preflight: false, players: { guesser: model('mock-guesser'), judge: model('mock-judge') } }));
  await executeRun(store, testRun, {});
});
afterAll(async () => {
  store.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const parse = (line: string) => JSON.parse(line) as Record<string, unknown>;

describe('training-data export', () => {
  it("exports the won games as chats that fine-tuning takes: exactly `messages`, the guesser's view as sent", () => {
    const won = store.episodes.list(fileRun).filter((e) => e.outcome === 'success');
    expect(won.map((e) => e.instance.name)).toEqual(['Guitar', 'Guitar']);
    const { lines, notes } = exportTraining(store, { runIds: [fileRun], format: 'chat', games: 'successful' });
    expect(lines).toHaveLength(won.length);
    for (const line of lines) expect(ChatLineSchema.safeParse(parse(line)).success).toBe(true);
    // The chat is what the guesser was sent at its last question, plus that question.
    const episode = won[0]!;
    const chat = (parse(lines[0]!) as { messages: { role: string; content: string }[] }).messages;
    const requests = store.models.calls(episode.id).filter((c) => c.role === 'guesser' && c.status === 'ok').map((c) => (c.request as { messages: unknown[] }).messages);
    expect(requests.at(-1)).toEqual(chat.slice(0, -1));
    expect(chat.at(-1)!.role).toBe('assistant');
    expect(chat.map((m) => m.content).slice(1)).toEqual(['Is it man-made?', 'Yes.', 'Is it used for music?', 'Yes.', 'Is it a guitar?']);
    expect(notes).toEqual([`2 games from run ${fileRun} as chats (successful games only).`, 'Left out: 4 not won.']);
  });

  it('exports every game with its outcome, and per-turn rewards that follow Eq. 1 and Eq. 2', () => {
    const all = exportTraining(store, { runIds: [fileRun], format: 'chat', games: 'all' });
    expect(all.lines).toHaveLength(6);
    expect(all.lines.map((l) => parse(l).outcome)).toEqual(['success', 'failure', 'failure', 'success', 'failure', 'failure']);
    for (const line of all.lines) expect(ChatWithOutcomeLineSchema.safeParse(parse(line)).success).toBe(true);

    const rewards = exportTraining(store, { runIds: [fileRun, testRun], format: 'rewards', games: 'all', allowHeldOut: true });
    expect(rewards.lines).toHaveLength(10);
    // Guitar by hand: Yes at turns 1 and 2 (0.175, 0.15), then a win at turn 3 within the free turns (1).
    const guitar = RewardsLineSchema.parse(parse(rewards.lines[0]!));
    expect(guitar.turns.map((t) => t.reward)).toEqual([0.175, 0.15, 1]);
    expect(guitar.return).toBe(1.325);
    // Piano by hand: Yes at turns 1–19 earn 0.175 … 0.025 (turns 1–7, 0.7 in all), the loss at turn 20 earns 0.
    const piano = RewardsLineSchema.parse(parse(rewards.lines[1]!));
    expect(piano.turns.slice(0, 8).map((t) => t.reward)).toEqual([0.175, 0.15, 0.125, 0.1, 0.075, 0.05, 0.025, 0]);
    expect(piano.turns.at(-1)).toMatchObject({ turn: 20, reward: 0, final: true });
    expect(piano.return).toBeCloseTo(0.7, 12);
    for (const text of rewards.lines) {
      const line = RewardsLineSchema.parse(parse(text));
      const turns = line.turns.length;
      const won = line.outcome === 'success';
      expect(line.turns.at(-1)!.reward).toBeCloseTo(won ? 1 - 0.02 * Math.max(turns - 5, 0) : 0, 12);
      expect(line.turns.at(-1)!.reward).toBeCloseTo(line.scores.score!, 12);
      for (const t of line.turns.slice(0, -1)) expect(t.reward).toBeCloseTo(t.label === 'yes' ? Math.max(0.2 - 0.025 * t.turn, 0) : 0, 12);
      expect(line.return).toBeCloseTo(line.turns.reduce((s, t) => s + t.reward, 0), 12);
      expect(line.rule).toEqual({ lambda: 0.02, freeTurns: 5, yesStart: 0.2, yesSlope: 0.025 });
    }
    expect(rewards.notes).toContain('Reward rule: {"lambda":0.02,"freeTurns":5,"yesStart":0.2,"yesSlope":0.025}.');
  });

  it('refuses games on the test split unless allowed, and then says so', () => {
    expect(() => exportTraining(store, { runIds: [testRun], format: 'chat', games: 'all' })).toThrow(/held out for evaluation.*--allow-test/);
    const allowed = exportTraining(store, { runIds: [fileRun, testRun], format: 'chat', games: 'all', allowHeldOut: true });
    expect(allowed.lines).toHaveLength(10);
    expect(allowed.notes).toContain('Includes 4 games on the held-out test split (eda): do not evaluate a model trained on this file on that split.');
    const trainOnly = exportTraining(store, { runIds: [fileRun, testRun], format: 'chat', games: 'all', subsets: ['train'] });
    expect(trainOnly.lines).toHaveLength(6);
    expect(trainOnly.notes.at(-1)).toBe('Left out: 4 on other splits.');
  });

  it('the CLI writes the file, prints the notes, and refuses a bad rule or kind', async () => {
    store.flush();
    const out = join(tempDir(), 'rewards.jsonl');
    const ok = await parlor(db, ['export', 'training', '--runs', String(fileRun), '--as', 'rewards', '--rule', 'yesStart=0', '-o', out]);
    expect(ok.code, ok.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => RewardsLineSchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(6);
    expect(lines.flatMap((l) => l.turns.slice(0, -1)).every((t) => t.reward === 0)).toBe(true);
    expect(ok.stderr).toMatch(/wrote 6 lines to/);
    const bad = await parlor(db, ['export', 'training', '--runs', String(fileRun), '--as', 'rewards', '--rule', 'gamma=1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/gamma/);
    expect((await parlor(db, ['export', 'training', '--runs', String(testRun)])).stderr).toMatch(/held out for evaluation/);
    expect((await parlor(db, ['export', 'training', '--runs', String(fileRun), '--as', 'sft'])).stderr).toMatch(/--as must be chat or rewards, not "sft"/);
  });
});
