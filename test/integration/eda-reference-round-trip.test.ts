/**
 * Issue 31: a run written as the EDA reference harness's files (`parlor export <run> --format eda-txt
 * -o <folder>`) reads back through `parlor import eda` as the same games: the same questions and answers
 * as events, the same scores. And `eval_result.py`'s reading of the written files (#Turns from the last
 * "Turn N" line, Success, Score) is Parlor's; its #Yes is one more (the instruction line, README).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../../shared/contract/content';
import { referenceReading } from '../../electron/engine/games/eda/log-import';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';

let dir: string;
let db: string;
let runId: number;

/** Each episode of a run by entity: its questions, its judge's answers and its scores. */
function games(store: Store, run: number) {
  return Object.fromEntries(
    store.episodes.list(run).map((e) => {
      const events = store.events.list(e.id).filter((v) => v.kind === 'response');
      return [e.instance.key, { questions: events.filter((v) => v.from === 'guesser').map((v) => v.text), answers: events.filter((v) => v.from === 'judge').map((v) => v.text), scores: e.scores }];
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-eda-round-trip-'));
  db = join(dir, 'parlor.db');
  const store = Store.open(db);
  try {
    runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 8, repetitions: 1, seed: 11 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
  } finally {
    store.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a run as the EDA reference harness’s files, and back', () => {
  it('writes one file per game that eval_result.py reads as Parlor scored it, and imports back to the same games', async () => {
    const out = join(dir, 'gpt-4o_vanilla');
    const exported = await parlor(db, ['export', String(runId), '--format', 'eda-txt', '-o', out]);
    expect(exported.stderr).toContain('wrote 8 eda-txt files');
    expect(exported.code).toBe(0);
    const store = Store.open(db);
    const before = games(store, runId);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(8);
    for (const file of files) {
      const lines = readFileSync(join(out, file), 'utf8').trimEnd().split('\n');
      const entity = lines[0]!.replace(/^item: /, '');
      const scores = before[entity]!.scores!;
      const reading = referenceReading(lines);
      expect({ turns: reading.Num_Turns, success: reading.Success, score: reading.Score }).toEqual({ turns: scores.turns, success: scores.success, score: scores.score });
      expect(reading.Num_Yes).toBe(scores.yes! + 1);
    }
    store.close();

    const imported = await parlor(db, ['import', 'eda', out, '--dataset', 'things']);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('imported 8 episodes');
    const again = Store.open(db);
    try {
      const run = again.runs.all().find((r) => r.name?.startsWith('imported gpt-4o_vanilla'))!;
      expect(games(again, run.id)).toEqual(before);
    } finally {
      again.close();
    }
  }, 120_000);

  it('refuses a folder that is not empty, and a format the game does not write, in words', async () => {
    const taken = await parlor(db, ['export', String(runId), '--format', 'eda-txt', '-o', dir]);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain('not empty');
    const unknown = await parlor(db, ['export', String(runId), '--format', 'simulbench-json', '-o', join(dir, 'x')]);
    expect(unknown.stderr).toContain('--format for a run must be csv, jsonl or eda-txt, not "simulbench-json"');
  }, 60_000);
});
