/**
 * Inputs that were taken in silence (issue 27, items 16 and 17): `--set __proto__.x` polluting every
 * object, NUL and 2-million-character fields in SimulBench scripts, an unknown role in a config,
 * `--dataset` with `--dataset-file`, an export of a dataset that does not exist, `images check
 * --limit -1`, a CLI note past the API's limit, and an import that skips an episode unsaid or imports
 * nothing and exits 0. Each is one clear line: exit 2 in the CLI, a bad request in the API.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromFlags } from '../../electron/cli/commands/run';
import { parseSettingFlags } from '../../electron/cli/context';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { gameById } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { MAX_RUN_NOTE } from '../../shared/contract/run';
import { parlor } from '../support/cli';
import { seedRun } from '../support/seed';
import { tempDir } from '../support/tmp';

const FIXTURES = join(import.meta.dirname, '../fixtures/clembench-runs/v2.0');
const PAIR = 'Qwen2.5-7B-Instruct-t0.0--Qwen2.5-7B-Instruct-t0.0';
const EDA = ['--guesser', 'builtin:reference', '--judge', 'builtin:reference', '--dry-run'];

function file(name: string, content: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return path;
}

/** A database holding one run (id 1). */
function seededDb(): string {
  const path = join(tempDir(), 'parlor.db');
  const store = Store.open(path);
  seedRun(store);
  store.close();
  return path;
}

async function refused(args: string[], message: RegExp, db = seededDb()): Promise<void> {
  const result = await parlor(db, args);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.code).toBe(2);
}

describe('settings built from keys a user types (item 16)', () => {
  it.each([['__proto__.polluted=1'], ['constructor.prototype.polluted=1'], ['probe.__proto__.polluted=1']])('--set %s is refused and pollutes nothing', (flag) => {
    try {
      expect(() => parseSettingFlags([flag])).toThrow(/cannot be a setting's name \(it would change every object's prototype\)/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('settings merged from a preset and a config file refuse "__proto__" too', () => {
    const config = file('c.json', '{"settings": {"__proto__": {"polluted": 1}}, "players": {"player": [{"provider": "builtin", "model": "reference"}]}}');
    try {
      expect(() => configFromFlags({ config, preset: 'age-4.1' })).toThrow(/run config: "__proto__" cannot be a setting's name/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('the CLI says so in one line', async () => {
    await refused(['run', '--set', '__proto__.polluted=1', ...EDA], /^parlor: --set __proto__\.polluted=1: "__proto__" cannot be a setting's name/);
  }, 60_000);
});

describe('SimulBench script files (item 17)', () => {
  const script = (content: string) =>
    `${JSON.stringify({ id: 1, source_id: 's1', act: 'Terminal', task_description: 'Act as a terminal.', type: 'stateless', turn_num: 0, dialogue_history: [{ role: 'user', content }] })}\n`;
  it.each([
    ['a NUL character', script('ls\u0000-la'), /:1: dialogue_history\.0\.content: the message holds a control character \(U\+0000 at character 3\); use plain text/],
    ['an ESC sequence', script('ls \u001b[2J'), /U\+001B at character 4/],
    ['a 2-million-character message', script('x'.repeat(2_000_000)), /:1: dialogue_history\.0\.content: the message has 2,000,000 characters; at most 50,000 are taken/],
  ])('%s is refused with its line and field', (_what, content, message) => {
    expect(() => gameById('simulbench').datasets.load({ name: 'mine', file: file('s.jsonl', content) })).toThrow(message);
  });

  it('tabs and line breaks in a message are kept, and the released scripts still load', () => {
    expect(gameById('simulbench').datasets.load({ name: 'mine', file: file('s.jsonl', script('ls\n\tfoo\r\nbar')) }).instances).toHaveLength(1);
    expect(gameById('simulbench').datasets.load({ name: 'simulbench' }).instances).toHaveLength(500);
    expect(gameById('simulbench_make').datasets.load({ name: 'simulbench-tasks' }).instances).toHaveLength(109);
  });
});

describe('run configs and dataset flags (item 17)', () => {
  it('a config naming a role the game does not have', () => {
    const config = file('c.json', JSON.stringify({ players: { guesser: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: 'reference' }, spy: { provider: 'builtin', model: 'reference' } } }));
    expect(() => configFromFlags({ config })).toThrow(/^Config file .*c\.json: EDA has no role "spy" \(its roles: guesser, judge\)\.$/);
  });

  it('--dataset with --dataset-file, in run, images check and datasets audit', async () => {
    const list = file('mine.txt', 'Apple\nPear\n');
    const message = /^parlor: --dataset things and --dataset-file .*mine\.txt contradict each other: --dataset names a bundled dataset, --dataset-file reads your own; give one\.$/m;
    await refused(['run', '--dataset', 'things', '--dataset-file', list, '--kind', 'things', ...EDA], message);
    await refused(['datasets', 'audit', '--game', 'eda', '--dataset', 'things', '--dataset-file', list], message);
    await refused(['images', 'check', '--game', 'matchit', '--dataset', 'things', '--dataset-file', list], message);
  }, 180_000);

  it('--dataset over a config naming a file plays the bundled dataset', () => {
    const config = file('c.json', JSON.stringify({ dataset: { name: 'mine', file: '/nowhere.txt', kind: 'things' }, players: { guesser: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: 'reference' } } }));
    expect(configFromFlags({ config, dataset: 'celebrities' }).dataset).toEqual({ name: 'celebrities', kind: 'things' });
  });
});

describe('exports, image checks and notes (item 17)', () => {
  it('export leaderboard --dataset bogus names the datasets there are', async () => {
    await refused(['export', 'leaderboard', '--dataset', 'bogus'], /^parlor: EDA has no dataset "bogus" in this database or bundled: its datasets are things, celebrities \(bundled\)\.$/m);
    await refused(['export', 'breakdown', '--game', 'referencegame', '--dataset', 'v9'], /^parlor: \S+ has no dataset "v9" in this database or bundled: its datasets are v1\.6, v2\.0 \(bundled\)\.$/m);
  }, 120_000);

  it.each([['-1'], ['0'], ['1.5'], ['ten']])('images check --limit %s', async (limit) => {
    await refused(['images', 'check', '--game', 'matchit', '--limit', limit], new RegExp(`^parlor: --limit must be a whole number of at least 1 \\(e\\.g\\. 10\\), not "${limit.replace('.', '\\.')}"\\.$`, 'm'));
  }, 60_000);

  it(`a note longer than ${MAX_RUN_NOTE} characters: the same limit in the CLI and the API`, async () => {
    const long = 'n'.repeat(MAX_RUN_NOTE + 1);
    const db = seededDb();
    await refused(['runs', 'note', '1', long], /^parlor: The note is refused: a note has at most 4,000 characters \(it has 4,001\)\.$/m, db);
    const store = Store.open(db);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    try {
      const reply = await service.registry.dispatch('runs.label', { runId: 1, note: long });
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.message).toMatch(/note: a note has at most 4,000 characters/);
      expect(store.runs.list(1)[0]!.note).toBe('');
    } finally {
      await service.close();
      store.close();
    }
    expect((await parlor(db, ['runs', 'note', '1', 'n'.repeat(MAX_RUN_NOTE)])).code).toBe(0);
  }, 120_000);
});

describe('parlor import clembench (item 17)', () => {
  it('an episode folder without interactions.json is listed, not skipped in silence', async () => {
    const root = tempDir();
    cpSync(join(FIXTURES, PAIR), join(root, PAIR), { recursive: true });
    const lone = join(root, PAIR, 'textmapworld_specificroom', '1_close', 'episode_7');
    mkdirSync(lone);
    writeFileSync(join(lone, 'instance.json'), '{}');
    const result = await parlor(join(tempDir(), 'p.db'), ['import', 'clembench', root]);
    expect(result.stdout).toMatch(/2 episodes replayed/);
    expect(result.stdout).toMatch(/1 file problem .*\n\s+.*episode_7: no interactions\.json: the episode was not imported/);
    expect(result.code).toBe(0);
  }, 60_000);

  it('nothing imported is an error, saying why', async () => {
    const empty = await parlor(join(tempDir(), 'p.db'), ['import', 'clembench', tempDir()]);
    expect(empty.stderr).toMatch(/^parlor: Nothing was imported from .*: nothing in it reads as clembench results \(<model-pair>\/<game>\/<N>_<experiment>\/episode_<k>\/\)\.$/m);
    expect(empty.code).toBe(2);
    const broken = tempDir();
    mkdirSync(join(broken, 'a--b', 'textmapworld', '0_small', 'episode_0'), { recursive: true });
    const result = await parlor(join(tempDir(), 'p.db'), ['import', 'clembench', broken]);
    expect(result.stdout).toMatch(/episode_0: no interactions\.json/);
    expect(result.stderr).toMatch(/^parlor: Nothing was imported from .*: 1 episode could not be read \(see the report\)\.$/m);
    expect(result.code).toBe(2);
  }, 120_000);
});
