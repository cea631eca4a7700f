/**
 * A game that fails its checks is listed with every problem, and every other game keeps working
 * (issue 29 item 5): three broken folders given through PARLOR_GAMES, read by `parlor games`, the
 * API, and `parlor run`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { addGameFolder, allGames } from '../../electron/engine/games/registry';
import { apiCaller } from '../support/api';
import { parlor } from '../support/cli';
import { writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { tempDir, tempStore } from '../support/tmp';

const folder = (name: string) => fileURLToPath(new URL(`../fixtures/broken-games/${name}`, import.meta.url));
const env = { PARLOR_GAMES: ['refused', 'crashing', 'stray'].map(folder).join(delimiter) };

describe('broken games', () => {
  it('parlor games lists every game that works and every problem of those that do not', async () => {
    const db = join(tempDir(), 'parlor.db');
    const out = await parlor(db, ['games'], undefined, env);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    for (const id of ['eda', 'age', 'simulbench', 'referencegame', 'mm_mapworld']) expect(out.stdout).toMatch(new RegExp(`^${id}\\s`, 'm'));
    expect(out.stdout).toContain('3 games could not be loaded:');
    expect(out.stdout).toContain('role "relay" is declared twice');
    expect(out.stdout).toContain('no role is marked subject');
    expect(out.stdout).toContain('game.ts failed to load: the relay lost its notes');
    expect(out.stdout).toContain('it provides "telepathy", which is not a capability Parlor has');
    expect(out.stdout).toContain('capabilities/marks.ts provides "marks" for the game "elsewhere", which this folder does not define');
  });

  it('parlor games --json marks each broken game with its problems', async () => {
    const out = await parlor(join(tempDir(), 'parlor.db'), ['games', '--json'], undefined, env);
    expect(out.code).toBe(0);
    const games = JSON.parse(out.stdout) as { id: string | null; folder?: string; broken?: boolean; problems?: string[] }[];
    const broken = games.filter((g) => g.broken);
    expect(broken.map((g) => g.id ?? g.folder?.split(/[\\/]/).at(-1))).toEqual(['refused', 'crashing', 'stray']);
    expect(broken.find((g) => g.id === 'refused')!.problems).toHaveLength(2);
    expect(broken.find((g) => g.id === 'stray')!.problems).toHaveLength(2);
    expect(games.filter((g) => !g.broken).map((g) => g.id)).toContain('eda');
  });

  it('a broken game is refused by name with its problems; another game still plays', async () => {
    const db = join(tempDir(), 'parlor.db');
    const config = join(tempDir(), 'stray.json');
    writeFileSync(config, JSON.stringify({ game: 'stray', dataset: { name: 'colours' }, players: { seer: { provider: 'builtin', model: 'reference' }, relay: { provider: 'builtin', model: 'reference' }, decider: { provider: 'builtin', model: 'reference' } } }));
    const refused = await parlor(db, ['run', '-c', config], undefined, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('The game "stray"');
    expect(refused.stderr).toContain('telepathy');
    const other = join(tempDir(), 'reference.json');
    writeFileSync(other, JSON.stringify({ game: 'referencegame', dataset: { name: 'v1.6' }, players: { describer: { provider: 'builtin', model: 'reference' }, follower: { provider: 'builtin', model: 'reference' } } }));
    const played = await parlor(db, ['run', '-c', other, '--limit', '1', '--experiments', 'line_grids_rows', '--no-preflight'], undefined, env);
    expect(played.stderr).toContain('run 1 done: 1 done, 0 errors');
    expect(played.code).toBe(0);
  });

  it('the API lists a broken folder with its problems apart from the games it plays', async () => {
    const before = allGames().length;
    await addGameFolder(folder('refused'), 'refused');
    expect(allGames()).toHaveLength(before);
    const api = apiCaller(createApiService({ store: tempStore(), vault: new MemoryVault(), mode: 'browser' }));
    const broken = await api('games.broken', {});
    expect(broken).toEqual([{ folder: 'refused', game: 'refused', title: 'Refused relay (test fixture)', problems: ['role "relay" is declared twice', 'no role is marked subject, so leaderboards would have no rows'] }]);
    expect((await api('games.list', {})).map((g) => g.id)).not.toContain('refused');
  });
});
