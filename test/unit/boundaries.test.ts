import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allGames } from '../../electron/engine/games/registry';


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

  it("outside the game folders, no code names any game's id, role (other than the generic player), dataset or dataset kind", () => {
    const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const words = new Set<string>();
    for (const g of allGames()) {
      words.add(g.id);
      for (const r of g.roles) if (r.id !== 'player') words.add(r.id);
      for (const d of g.datasets.bundled()) words.add(d.name).add(d.kind);
    }
    const escaped = [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
    const named = new RegExp(`(?<![\\w-])(${escaped.join('|')})(?![\\w-])`);
    // What stays, and why: the one list of game folders (registry.ts), the one default game
    // (default-game.ts), the renderer's one list of game views (games/index.ts), the released
    // migrations (they describe EDA's version-1…5 tables) and the version-5 annotation strata names.
    const allowed = (f: string) =>
      /^(electron\/engine\/games|renderer\/src\/games)\/[^/]+\//.test(f) ||
      ['electron/engine/games/registry.ts', 'shared/contract/default-game.ts', 'renderer/src/games/index.ts', 'shared/contract/annotation.ts'].includes(f) ||
      f.startsWith('electron/engine/store/migrations/');
    const offenders = [...sources('electron'), ...sources('shared'), ...sources('renderer/src')]
      .filter((f) => !allowed(f))
      .flatMap((f) => stripComments(readFileSync(join(root, f), 'utf8')).split('\n').flatMap((line, i) => (named.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(words.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
