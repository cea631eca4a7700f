import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Store } from '../../electron/engine/store/store';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A fresh folder removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A store on a fresh file, closed after the test. */
export function tempStore(): Store {
  const store = Store.open(join(tempDir(), 'parlor.db'));
  cleanups.push(() => {
    try {
      store.close();
    } catch {
      /* already closed by the test */
    }
  });
  return store;
}

export function writeList(lines: string[]): string {
  const path = join(tempDir(), 'entities.txt');
  writeFileSync(path, lines.join('\n'));
  return path;
}
