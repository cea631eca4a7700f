/**
 * Validating a user's EDA entity list of 10,000 entities (reading, every per-line check, duplicate
 * aliases and one alias shadowing another), timed in one run with its ratio to the 1 s target.
 * Usage: npm run bench:datasets [-- --entities 10000]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { edaDatasets } from '../electron/engine/games/eda/datasets';

const TARGET_MS = 1000;
const { values } = parseArgs({ options: { entities: { type: 'string', default: '10000' } } });
const count = Number(values.entities);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--entities must be a whole number above 0, not "${values.entities}".`);
  process.exit(1);
}

// Names of one to three words from a fixed vocabulary, so some aliases do shadow others.
const words = ['red', 'stone', 'apple', 'river', 'glass', 'tiger', 'paper', 'cloud', 'iron', 'maple', 'salt', 'violin', 'lamp', 'honey', 'wolf', 'mirror'];
const lines = Array.from({ length: count }, (_, i) => {
  if (i < words.length) return words[i]!; // a one-word entity shadows every name holding the word
  const name = `${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length]} ${i}`;
  return i % 3 === 0 ? `${name} | ${name.replace(/ /g, '-')}` : name;
});
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-datasets-'));
const path = join(dir, 'entities.txt');
writeFileSync(path, `${lines.join('\n')}\n`);
try {
  const start = performance.now();
  const dataset = edaDatasets.load({ name: 'entities', file: path, kind: 'things' });
  const ms = performance.now() - start;
  const warnings = dataset.problems.length;
  console.log(`${dataset.instances.length.toLocaleString('en-US')} entities validated in ${ms.toFixed(0)} ms (${(ms / TARGET_MS).toFixed(2)} of the 1 s target); ${warnings.toLocaleString('en-US')} ${warnings === 1 ? 'warning' : 'warnings'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
