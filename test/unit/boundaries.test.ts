import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('architecture boundaries', () => {
  it('the engine and shared code never import Electron', () => {
    const offenders = [...sources('electron/engine'), ...sources('shared')].filter((f) =>
      importsOf(f).some((spec) => spec === 'electron' || spec.startsWith('electron/')),
    );
    expect(offenders).toEqual([]);
  });

  it("only the store's connection module imports better-sqlite3", () => {
    const offenders = [...sources('electron'), ...sources('shared')].filter((f) => importsOf(f).includes('better-sqlite3'));
    expect(offenders).toEqual(['electron/engine/store/db.ts']);
  });

  it('no game folder is imported outside the games themselves and their registry', () => {
    const offenders = [...sources('electron'), ...sources('shared'), ...sources('renderer/src')]
      .filter((f) => !f.startsWith('electron/engine/games/'))
      .filter((f) => importsOf(f).some((spec) => /games\/(?!registry)[a-z0-9_-]+\//.test(spec) && !spec.includes('renderer')));
    expect(offenders).toEqual([]);
  });

  it('outside the game folders, no code of the engine, the API, the views or the doors names the guesser or the judge', () => {
    const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    // What stays, and why: the released migrations describe the version-1…5 tables as they were, and
    // version-5 annotation specs named their strata judgeModel / judgeLabel, which are still read.
    const history = (f: string) => f.startsWith('electron/engine/store/migrations/') || f === 'shared/contract/annotation.ts';
    // A game folder speaks its paper's language (EDA's guesser and judge, SimulBench's judge); the core never does.
    const gameFolder = (f: string) => /^(electron\/engine\/games|renderer\/src\/games)\/[^/]+\//.test(f);
    const offenders = [...sources('electron'), ...sources('shared'), ...sources('renderer/src')]
      .filter((f) => !gameFolder(f) && !history(f))
      .flatMap((f) => stripComments(readFileSync(join(root, f), 'utf8')).split('\n').flatMap((line, i) => (/guesser|judge(?!d)/i.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });

  it('shared code imports no Node built-ins and nothing from the engine', () => {
    const offenders = sources('shared').filter((f) => importsOf(f).some((spec) => spec.startsWith('node:') || spec.includes('electron/')));
    expect(offenders).toEqual([]);
  });
});
