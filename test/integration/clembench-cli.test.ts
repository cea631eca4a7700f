/** The clembench doors of `parlor`: games, a run config with built-in players, import, and the exports. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

const FIXTURES = join(import.meta.dirname, '../fixtures/clembench-runs');

describe('parlor and the clembench games', () => {
  it('lists every game with roles, datasets and experiments; runs a config; imports; exports per episode and the clemscore', async () => {
    const dir = tempDir();
    const db = join(dir, 'parlor.db');
    const games = JSON.parse((await parlor(db, ['games', '--json'])).stdout) as { id: string; roles: { id: string; builtin: boolean }[]; datasets: { name: string; subsets: { experiments: string[] }[] }[] }[];
    const ref = games.find((g) => g.id === 'referencegame')!;
    expect(ref.roles).toEqual([expect.objectContaining({ id: 'describer', builtin: true }), expect.objectContaining({ id: 'follower', builtin: true })]);
    expect(ref.datasets.find((d) => d.name === 'v1.6')!.subsets[0]!.experiments).toEqual(['line_grids_rows', 'line_grids_columns', 'diagonal_grids', 'letter_grids', 'shape_grids', 'random_grids']);
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(['eda', 'matchit_ascii', 'textmapworld', 'textmapworld_specificroom', 'textmapworld_graphreasoning']));

    const config = join(dir, 'run.json');
    writeFileSync(config, JSON.stringify({ game: 'matchit_ascii', players: { player_a: { provider: 'builtin', model: 'reference' }, player_b: { provider: 'builtin', model: 'reference' } }, dataset: { name: 'v1.6', experiments: ['same_grid', 'different_grid'] }, limit: 2 }));
    const run = await parlor(db, ['run', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    const csv = (await parlor(db, ['export', '1', '--format', 'csv'])).stdout.trim().split('\r\n');
    expect(csv).toHaveLength(5); // header + 2 instances of each of the two experiments, one repetition
    const header = csv[0]!.split(',');
    for (const column of ['game', 'experiment', 'episode', 'player', 'aborted', 'main_score']) expect(header).toContain(column);
    expect(csv.slice(1).map((l) => l.split(',')[header.indexOf('experiment')])).toEqual(['same_grid', 'same_grid', 'different_grid', 'different_grid']);

    const imported = await parlor(db, ['import', 'clembench', FIXTURES]);
    // The known June-2024 loop count differs (see README); it is listed, and the exit code says so.
    expect(imported.code).toBe(1);
    expect(imported.stdout).toMatch(/41 episodes replayed; 41 had logged scores, and Parlor's scorer agrees on every score of 39\./);
    expect(imported.stdout).toMatch(/textmapworld\/0_small\/episode_9 +loops +0 +1/);
    const again = await parlor(db, ['import', 'clembench', FIXTURES]);
    expect(again.stdout).toContain('already imported: left as it was');

    const tex = await parlor(db, ['export', 'clemscore', '--format', 'latex']);
    expect(tex.code).toBe(0);
    expect(tex.stdout).toContain('\\toprule');
    const table = (await parlor(db, ['export', 'clemscore', '--format', 'csv'])).stdout.trim().split('\r\n');
    const cols = table[0]!.split(',');
    const builtin = table.find((l) => l.startsWith('builtin:reference,'))!.split(',');
    expect(builtin[cols.indexOf('matchit_ascii_played')]).toBe('100');
    expect(builtin[cols.indexOf('clemscore')]).toBe('100');
    const missing = await parlor(db, ['import', 'clembench', join(dir, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/is not a folder/);
  }, 120_000);
});
