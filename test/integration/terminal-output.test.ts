/**
 * Terminal escape injection (issue 27, item 12): folder names of an imported tree, model replies and
 * stored notes reach `parlor import`, `runs` and `show` as text, never as the terminal's commands
 * (clear screen, window title, bell): every control character is printed as its escape (`\u001b`),
 * JSON output stays the same JSON, and names a user gives may not hold control characters at all.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { seedRun } from '../support/seed';
import { tempDir } from '../support/tmp';

const FIXTURES = join(import.meta.dirname, '../fixtures/clembench-runs/v2.0');
const PAIR = 'Qwen2.5-7B-Instruct-t0.0--Qwen2.5-7B-Instruct-t0.0';
const EPISODE = join('textmapworld_specificroom', '1_close', 'episode_3');
const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
/** What a terminal would obey: C0 controls but tab and line feed, a CR not ending a line, DEL, C1. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

type Episode = { id: number; runId: number };

let root: string;
let db: string;
let importOut: { code: number | null; stdout: string; stderr: string };
let episode: Episode;

// Shared by the tests below (tempDir() is cleared after each test).
const shared = mkdtempSync(join(tmpdir(), 'parlor-test-'));
afterAll(() => rmSync(shared, { recursive: true, force: true }));

beforeAll(async () => {
  root = join(shared, 'tree');
  // A pair whose folder name sets the window title, and a clean pair whose first reply clears the screen.
  const hostile = `evil${TITLE}${CLEAR}--m`;
  mkdirSync(join(root, hostile, EPISODE, '..'), { recursive: true });
  cpSync(join(FIXTURES, PAIR, EPISODE), join(root, hostile, EPISODE), { recursive: true });
  cpSync(join(FIXTURES, PAIR, EPISODE), join(root, PAIR, EPISODE), { recursive: true });
  const interactions = join(root, PAIR, EPISODE, 'interactions.json');
  const log = JSON.parse(readFileSync(interactions, 'utf8')) as { turns: { from: string; action: { type: string; content: string } }[][] };
  const reply = log.turns[0]!.find((a) => a.from === 'Player 1' && a.action.type === 'get message')!;
  reply.action.content = `${CLEAR}${TITLE}GO: east\u009b31m\u202e`;
  writeFileSync(interactions, JSON.stringify(log));
  db = join(shared, 'parlor.db');
  importOut = await parlor(db, ['import', 'clembench', root]);
  const store = Store.open(db);
  try {
    const run = store.runs.list()[0]!;
    episode = { id: store.episodes.list(run.id)[0]!.id, runId: run.id };
    // As a database written before names were checked might hold it.
    store.runs.setNote(run.id, `note ${CLEAR}with\u0007bell\rand CR`);
  } finally {
    store.close();
  }
}, 180_000);

function expectNoRawControl(...texts: string[]): void {
  for (const text of texts) expect(text, JSON.stringify(text.match(RAW_CONTROL)?.[0])).not.toMatch(RAW_CONTROL);
}

describe('what the CLI prints', () => {
  it('parlor import: the hostile folder is listed as a problem, its name shown as escapes', () => {
    expectNoRawControl(importOut.stdout, importOut.stderr);
    expect(importOut.stdout).toContain('evil\\u001b]0;pwned\\u0007\\u001b[2J--m');
    expect(importOut.stdout).toMatch(/the folder path holds a control character \(U\+001B at character 5\); use plain text: rename the folder to import this episode/);
    expect(importOut.stdout).toMatch(/1 episodes replayed/);
  });

  it('parlor runs: a stored note with ESC, BEL and a lone CR', async () => {
    const runs = await parlor(db, ['runs']);
    expectNoRawControl(runs.stdout, runs.stderr);
    expect(runs.stdout).toContain('note \\u001b[2Jwith\\u0007bell');
    const json = await parlor(db, ['runs', '--json']);
    expectNoRawControl(json.stdout);
    expect((JSON.parse(json.stdout) as { note: string }[])[0]!.note).toBe(`note ${CLEAR}with\u0007bell\rand CR`);
  }, 60_000);

  it('parlor show: a model reply that would set the title and clear the screen', async () => {
    const show = await parlor(db, ['show', String(episode.id), '--calls']);
    expect(show.code, show.stderr).toBe(0);
    expectNoRawControl(show.stdout, show.stderr);
    expect(show.stdout).toContain('\\u001b[2J\\u001b]0;pwned\\u0007GO: east\\u009b31m\\u202e');
    // JSON output is the same JSON: the escapes decode to the reply as it was logged.
    const json = await parlor(db, ['show', String(episode.id), '--json']);
    expectNoRawControl(json.stdout);
    expect(json.stdout).toContain('\\u009b31m\\u202e');
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(JSON.stringify(`${CLEAR}${TITLE}GO: east\u009b31m\u202e`).slice(1, -1));
  }, 60_000);

  it('an error message naming hostile input', async () => {
    const result = await parlor(db, ['run', '--config', join(root, `nowhere${CLEAR}.json`)]);
    expect(result.code).toBe(2);
    expectNoRawControl(result.stderr);
    expect(result.stderr).toContain('nowhere\\u001b[2J.json');
  }, 60_000);
});

describe('names a user gives are plain text', () => {
  it.each([
    ['a run name', ['run', '--name', `mine${CLEAR}`, '--guesser', 'builtin:reference', '--judge', 'builtin:reference', '--dry-run'], /name holds a control character \(U\+001B at character 5\); use plain text/],
    ['a model id', ['run', '--guesser', `builtin:reference${TITLE}`, '--judge', 'builtin:reference', '--dry-run'], /The model id holds a control character \(U\+001B at character 10\); use plain text\./],
    ['a tag', ['runs', 'tag', '1', `ok${CLEAR}`], /The tag "ok\\u001b\[2J" is refused: a tag holds a control character \(U\+001B at character 3\)/],
    ['a note', ['runs', 'note', '1', `see${TITLE}`], /The note is refused: a note holds a control character \(U\+001B at character 4\); use plain text\./],
    ['a bidirectional override in a run name', ['run', '--name', 'gpt\u202e4o', '--guesser', 'builtin:reference', '--judge', 'builtin:reference', '--dry-run'], /U\+202E at character 4/],
  ])('the CLI refuses %s', async (_what, args, message) => {
    const dir = tempDir();
    const store = Store.open(join(dir, 'p.db'));
    seedRun(store);
    store.close();
    const result = await parlor(join(dir, 'p.db'), args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expectNoRawControl(result.stderr);
  }, 60_000);

  it('the API refuses them with a bad request and stores nothing', async () => {
    const store = Store.open(join(tempDir(), 'p.db'));
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      const { runId } = seedRun(store);
      const refused = async (method: string, input: unknown, message: RegExp) => {
        const reply = await service.registry.dispatch(method as 'runs.label', input as never);
        expect(reply.ok, method).toBe(false);
        if (!reply.ok) {
          expect(reply.error.code).toBe('bad_request');
          expect(reply.error.message).toMatch(message);
        }
      };
      await refused('runs.label', { runId, tags: [`a${CLEAR}`] }, /tags\.0: a tag holds a control character \(U\+001B at character 2\)/);
      await refused('runs.label', { runId, note: `line one\nline two${TITLE}` }, /note: a note holds a control character \(U\+001B at character 18\)/);
      await refused('models.save', { name: `mine${TITLE}`, config: { provider: 'openai', model: 'gpt-4o' } }, /name: a name holds a control character/);
      await refused('models.save', { name: 'mine', config: { provider: 'openai', model: `gpt${CLEAR}` } }, /config\.model: a model id holds a control character/);
      await refused('annotations.queue', { setId: 1, annotator: `ann${TITLE}` }, /annotator: a name holds a control character/);
      await refused('runs.estimate', { config: { name: `x${CLEAR}`, game: 'eda', dataset: { name: 'things' }, players: { guesser: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: `reference${TITLE}` } } } }, /- name holds a control character[\s\S]*- players\.judge\.model holds a control character/);
      expect(store.runs.list(runId)[0]).toMatchObject({ tags: [], note: '' });
      expect(store.models.listProfiles()).toEqual([]);
      // Notes keep their line breaks and tabs.
      expect((await service.registry.dispatch('runs.label', { runId, note: 'line one\n\tline two' })).ok).toBe(true);
    } finally {
      await service.close();
      store.close();
    }
  });
});
