/**
 * Issue 30: `parlor` runs the built CLI (dist/, `npm run build`, built before the tests by
 * test/support/build-once.ts). It says what the TypeScript sources say; it prints its version without
 * loading the engine; and the sizes of the bundled subsets it keeps (dist/subset-shapes.json) follow
 * the data they were read from.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = join(ROOT, 'dist', 'cli', 'parlor.mjs');

function parlor(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 32 * 2 ** 20 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the built CLI', () => {
  it('is built, with every bundled game folder compiled beside it', () => {
    expect(existsSync(BUILT)).toBe(true);
    for (const folder of ['eda', 'age', 'simulbench', 'referencegame', 'mm_mapworld']) expect(existsSync(join(ROOT, 'dist', 'engine', 'games', folder, 'game.mjs'))).toBe(true);
  });

  it('lists the same games, roles, datasets and subset sizes as the sources', () => {
    const built = parlor([BUILT, 'games']);
    const sources = parlor(['bin/parlor.mjs', 'games'], { PARLOR_DEV: '1' });
    expect(built.status).toBe(0);
    expect(built.stderr).toBe('');
    expect(built.stdout).toBe(sources.stdout);
    const json = parlor([BUILT, 'games', '--json']);
    expect(json.stdout).toBe(parlor(['bin/parlor.mjs', 'games', '--json'], { PARLOR_DEV: '1' }).stdout);
    expect((JSON.parse(json.stdout) as { id: string }[]).map((g) => g.id)).toContain('eda');
  });

  it('prints its version, the manifest\'s', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(parlor([BUILT, '--version']).stdout).toBe(`${version}\n`);
    expect(parlor(['bin/parlor.mjs', '--version']).stdout).toBe(`${version}\n`);
  });

  it('reads a subset again when its data changed: the kept sizes follow the files', () => {
    const data = join(tempDir(), 'datasets');
    cpSync(join(ROOT, 'datasets'), data, { recursive: true });
    const line = (out: string) => out.split('\n').find((l) => /^eda\b.*things\/test\b/.test(l)) ?? '';
    const before = parlor([BUILT, 'games'], { PARLOR_DATASETS_DIR: data });
    expect(line(before.stdout)).toMatch(/\b100\b/);
    const file = join(data, 'eda', 'things', 'test.txt');
    writeFileSync(file, readFileSync(file, 'utf8').split('\n').slice(1).join('\n'));
    const after = parlor([BUILT, 'games'], { PARLOR_DATASETS_DIR: data });
    expect(line(after.stdout)).toMatch(/\b99\b/);
    // And the bundled data, as they are, still show theirs.
    expect(line(parlor([BUILT, 'games']).stdout)).toMatch(/\b100\b/);
  });
});
