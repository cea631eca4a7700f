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

  it('only the store imports better-sqlite3', () => {
    const offenders = [...sources('electron'), ...sources('shared')].filter((f) => importsOf(f).includes('better-sqlite3'));
    expect(offenders).toEqual(['electron/engine/store/store.ts']);
  });

  it('shared code imports no Node built-ins and nothing from the engine', () => {
    const offenders = sources('shared').filter((f) => importsOf(f).some((spec) => spec.startsWith('node:') || spec.includes('electron/')));
    expect(offenders).toEqual([]);
  });
});
