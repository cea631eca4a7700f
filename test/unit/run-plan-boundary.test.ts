import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const code = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('a run plan is resolved once', () => {
  const files = [...sources('electron'), ...sources('shared')];

  it('only the run-plan module parses a run config (the doors call planOfNew / planOfRun)', () => {
    const offenders = files
      .filter((f) => f !== 'electron/engine/core/run-plan.ts' && f !== 'electron/engine/core/run-config.ts')
      .filter((f) => /\bparse(New)?RunConfig\b/.test(code(f)));
    expect(offenders).toEqual([]);
  });

  it('no layer below the doors reads a stored config into a game by itself', () => {
    // gameOfRun and gameOf were the per-layer re-parses this plan replaced; they must not come back.
    const offenders = files.filter((f) => /export\s+function\s+gameOf(Run)?\b|import\s*\{[^}]*\bgameOf(Run)?\b[^}]*\}/.test(code(f)));
    expect(offenders).toEqual([]);
  });
});
