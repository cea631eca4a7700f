import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const CONFIG = fileURLToPath(new URL('../fixtures/reporter/vitest.config.ts', import.meta.url));

it('the summary line counts files that fail to load and suites whose hooks fail, not only the tests that ran', () => {
  const run = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed, 2 skipped, 1 test file failed to load, 1 suite failed in a hook');
}, 60_000);
