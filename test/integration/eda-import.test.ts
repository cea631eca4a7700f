/**
 * Issue 31: `parlor import eda <folder> --dataset things` reads the EDA reference harness's game files
 * (test/fixtures/eda-reference/, see its README), replays them through Parlor's game master and
 * rescores them. Files it cannot read are each one line of the report and store nothing; the rest come
 * in. Where Parlor's numbers differ from eval_result.py's reading of the same file only as the README
 * explains (#Yes: the instruction line), the import succeeds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGame, referenceReading } from '../../electron/engine/games/eda/log-import';
import { Store } from '../../electron/engine/store/store';
import { parlor, type CliResult } from '../support/cli';

const FIXTURES = fileURLToPath(new URL('../fixtures/eda-reference/', import.meta.url));

describe('importing the EDA reference harness’s game files', () => {
  let dir: string;
  let db: string;
  let result: CliResult;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parlor-eda-import-'));
    db = join(dir, 'parlor.db');
    result = await parlor(db, ['import', 'eda', FIXTURES, '--dataset', 'things']);
  }, 60_000);

  it('imports the games it can read, and lists every file it cannot, each in one line', () => {
    expect(result.stderr).toContain('imported 2 episodes');
    const lines = result.stdout.split('\n');
    const line = (file: string) => lines.filter((l) => l.includes(`edge/${file}`));
    expect(line('Chive.txt')).toEqual([expect.stringContaining('the file stops after question 2, before its answer: the game was cut short')]);
    expect(line('Citadel.txt')).toEqual([expect.stringContaining('no "Turn N, User:" line')]);
    expect(line('Zzyzx.txt')).toEqual([expect.stringContaining('no entity "Zzyzx" in things')]);
    expect(line('Marble.txt')).toEqual([expect.stringContaining('not UTF-8 text')]);
    expect(line('Mouse.txt')).toEqual([expect.stringContaining('no "Turn N, User:" line')]);
    // Only the known difference (the instruction's "yes"), so the import succeeds.
    expect(result.stdout).toContain('2 × Num_Yes: eval_result.py also counts the instruction line');
    expect(result.stdout).not.toContain('differ (logged vs Parlor)');
    expect(result.code).toBe(0);
  });

  it('stores the questions and the judge’s answers as events, scored by Parlor', () => {
    const store = Store.open(db);
    try {
      const [run] = store.runs.all();
      expect(run!.name).toBe('imported gpt-3.5-turbo_vanilla test eda');
      const episodes = store.episodes.list(run!.id);
      expect(episodes.map((e) => e.instance.name).sort()).toEqual(['Oar', 'Sloth']);
      const oar = episodes.find((e) => e.instance.name === 'Oar')!;
      expect(oar.scores).toEqual({ turns: 6, success: 1, yes: 2, score: 0.98 });
      const sloth = episodes.find((e) => e.instance.name === 'Sloth')!;
      expect(sloth.scores).toEqual({ turns: 20, success: 0, yes: 3, score: 0 });
      const events = store.events.list(sloth.id);
      const questions = events.filter((e) => e.kind === 'response' && e.from === 'guesser').map((e) => e.text);
      // The reference's saved history carried " Is it right?" on the last question: the reply was without it.
      expect(questions.at(-1)).toBe('Is it a koala?');
      expect(questions[2]).toBe('Does it live in trees?\nI mean, mostly in trees.');
      const answers = events.filter((e) => e.kind === 'response' && e.from === 'judge').map((e) => e.text);
      expect(answers).toHaveLength(20);
      expect(answers[18]).toBe('No.');
    } finally {
      store.close();
    }
  });

  it('makes ordinary runs: exported, reported and drawn for annotation like any other', async () => {
    const store = Store.open(db);
    const runId = store.runs.all()[0]!.id;
    store.close();
    const csv = await parlor(db, ['export', String(runId), '--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    const report = await parlor(db, ['report', String(runId)]);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('#Turns');
    const set = await parlor(db, ['annotations', 'create', '--runs', String(runId), '--size', '5', '--seed', '1']);
    expect(set.code).toBe(0);
  }, 60_000);

  it('imports nothing twice', async () => {
    const again = await parlor(db, ['import', 'eda', FIXTURES, '--dataset', 'things']);
    expect(again.stdout).toContain('already imported: left as it was');
  }, 60_000);

  it('says which dataset it needs, and which file or folder is missing', async () => {
    const none = await parlor(db, ['import', 'eda', FIXTURES]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('--dataset things or celebrities');
    const missing = await parlor(db, ['import', 'eda', join(FIXTURES, 'nowhere'), '--dataset', 'things']);
    expect(missing.stderr).toContain('No such file or folder');
  }, 60_000);
});

describe('reading one game file as eval_result.py does', () => {
  it('counts #Turns from the last "Turn N" line and "yes" on every user line, the instruction included', () => {
    const text = ['item: Oar', "Turn 0, User: answered by 'yes', 'no' or 'maybe'", 'Turn 1, Assistant: Is it alive?', 'Turn 1, User: Yes.', 'Turn 2, Assistant: Is it an oar?', 'Turn 2, User: Bingo!'].join('\n');
    const game = parseGame(text);
    expect(typeof game).not.toBe('string');
    if (typeof game === 'string') return;
    expect(game.questions).toEqual(['Is it alive?', 'Is it an oar?']);
    expect(game.answers).toEqual(['Yes.']);
    // 1 − 0.02 · max(2 − 5, 0) on a win.
    expect(referenceReading(game.lines)).toEqual({ Num_Turns: 2, Success: 1, Num_Yes: 2, Score: 1 });
  });

  it('finds no #Turns when the last line is not a "Turn" line (eval_result.py would stop there)', () => {
    expect(referenceReading(['Turn 0, User: x', 'a continuation line']).Num_Turns).toBeNull();
  });
});
