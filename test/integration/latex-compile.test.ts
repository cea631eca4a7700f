import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toLatex } from '../../electron/engine/io/latex';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { exploreFile } from '../../electron/engine/api/explore-handlers';
import { suiteFile } from '../../electron/engine/api/suite-handlers';
import { logSourceById } from '../../electron/engine/games/registry';
import { importLogs } from '../../electron/engine/runner/import-logs';
import { tempDir, tempStore } from '../support/tmp';

const pdflatex = spawnSync('pdflatex', ['--version']).status === 0;
if (!pdflatex) console.warn('LaTeX compile test skipped: no pdflatex here (apt-get install texlive-latex-base texlive-latex-recommended).');

describe.skipIf(!pdflatex)('exported LaTeX compiles', () => {
  it('the golden leaderboard, a table full of special characters and the clembench tables compile with booktabs', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'leaderboard.tex'), readFileSync(new URL('../fixtures/golden/leaderboard.tex', import.meta.url), 'utf8'));
    writeFileSync(
      join(dir, 'special.tex'),
      toLatex({
        caption: 'Odd names: 100% & $5 #1 under_score {braces} ~tilde ^caret \\backslash <less> |bar|',
        label: 'tab:odd names',
        columns: [{ header: 'Player & co', align: 'l' }, { header: 'Score ↑', align: 'r' }],
        rows: [[{ text: 'org/model_v2 #3 (50% off)' }, { text: '0.50 ± 0.10', bold: true }]],
      }),
    );
    // The clemscore table and a per-experiment breakdown of published clembench episodes, as exported.
    const store = tempStore();
    await importLogs(store, logSourceById('clembench').read(join(import.meta.dirname, '../fixtures/clembench-runs')));
    writeFileSync(join(dir, 'clemscore.tex'), suiteFile(store, 'clembench', 'latex', {}).content);
    writeFileSync(join(dir, 'grouped.tex'), suiteFile(store, 'clembench', 'latex', { grouped: true }).content);
    const filters = ExploreFiltersSchema.parse({ game: 'matchit_ascii', dataset: 'v1.6', instances: 'all' });
    writeFileSync(join(dir, 'breakdown.tex'), exploreFile(store, 'breakdown', 'latex', filters, { topic: 'experiment', metric: 'main_score' }).content);
    const inputs = ['leaderboard', 'special', 'clemscore', 'grouped', 'breakdown'].map((f) => `\\input{${f}}`).join('\n');
    writeFileSync(join(dir, 'paper.tex'), `\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs}\n\\begin{document}\n${inputs}\n\\end{document}\n`);
    const result = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'paper.tex'], { cwd: dir, encoding: 'utf8' });
    expect(result.status, result.stdout.slice(-2000)).toBe(0);
  }, 60_000);
});
