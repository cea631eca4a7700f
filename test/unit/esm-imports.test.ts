/**
 * The desktop build keeps packages external and Node loads them as ES modules, which resolve a
 * package's subpath only as written ("graphology-shortest-path/unweighted" is not found, its ".js"
 * is). The Electron e2e cannot run here, so every package subpath the engine and shared code import
 * is imported the way Node will, in one Node process.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('package imports as Node resolves them', () => {
  it('finds every package subpath the engine, host and shared code import', () => {
    const specs = new Set<string>();
    for (const file of [...sources('electron'), ...sources('shared')]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '([^.'][^']*)';/gm)) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || spec === 'electron') continue;
        const parts = spec.split('/');
        if (parts.length > (spec.startsWith('@') ? 2 : 1)) specs.add(spec);
      }
    }
    expect(specs.size).toBeGreaterThan(0);
    const script = `for (const s of ${JSON.stringify([...specs])}) { try { await import(s); } catch (e) { console.log(s + ': ' + e.code); } }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(out.trim()).toBe('');
  });
});
