import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toLatex } from '../../electron/engine/io/latex';
import { tempDir } from '../support/tmp';

const pdflatex = spawnSync('pdflatex', ['--version']).status === 0;
if (!pdflatex) console.warn('LaTeX compile test skipped: no pdflatex here (apt-get install texlive-latex-base texlive-latex-recommended).');

describe.skipIf(!pdflatex)('exported LaTeX compiles', () => {
  it('the golden leaderboard and a table full of special characters compile with booktabs', () => {
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
    writeFileSync(join(dir, 'paper.tex'), '\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs}\n\\begin{document}\n\\input{leaderboard}\n\\input{special}\n\\end{document}\n');
    const result = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'paper.tex'], { cwd: dir, encoding: 'utf8' });
    expect(result.status, result.stdout.slice(-2000)).toBe(0);
  }, 60_000);
});
