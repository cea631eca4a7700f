/**
 * `parlor serve` in a fresh clone (issue 27, item 21): the app's pages are built when missing instead
 * of the server refusing to start until `npm run build:renderer` was run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureRenderer } from '../../electron/cli/renderer-build';
import { tempDir } from '../support/tmp';

describe('the pages parlor serve serves', () => {
  it('are built from renderer/ when missing, and left as they are when present', async () => {
    const out = join(tempDir(), 'renderer');
    const said: string[] = [];
    expect(await ensureRenderer(out, (line) => said.push(line))).toBe('built');
    expect(said).toEqual([expect.stringMatching(/^The app's pages are not built yet: building them into .* \(once, about a minute\)…$/)]);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    // The same build as `npm run build:renderer`: the page's security policy and its script.
    expect(index).toContain('Content-Security-Policy');
    expect(index).toMatch(/<script type="module" crossorigin src="\.\/assets\/[^"]+\.js">/);
    expect(existsSync(join(out, 'assets'))).toBe(true);
    expect(await ensureRenderer(out, (line) => said.push(line))).toBe('present');
    expect(said).toHaveLength(1);
  }, 300_000);
});
