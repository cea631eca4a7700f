/**
 * The standard readers an export must satisfy: Python's `csv` module (what a researcher's pandas or
 * script reads a CSV with) and `pdflatex` (what a paper compiles a table with).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READ_CSV = `
import csv, io, json, sys
data = sys.stdin.buffer.read().decode('utf-8')
print(json.dumps(list(csv.reader(io.StringIO(data, newline='')))))
`;

/** The rows Python's csv.reader reads from this text (opened with newline='', as the csv docs require). */
export function readCsvWithPython(text: string): string[][] {
  const result = spawnSync('python3', ['-c', READ_CSV], { input: Buffer.from(text, 'utf8'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 csv could not read the file: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[][];
}

export const hasPdflatex = spawnSync('pdflatex', ['--version'], { encoding: 'utf8' }).status === 0;

export const hasPdftotext = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).status === 0;

/**
 * Compiles exported LaTeX tables (each a `table` environment, booktabs) in one article as a paper
 * would \\input them, with T1 fonts; the text of the PDF (pdftotext, when installed: what a reader of
 * the paper sees), or the end of pdflatex's log as `error`.
 */
export function compileLatex(tables: readonly string[]): { error: string | null; text: string | null } {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-tex-'));
  tables.forEach((t, i) => writeFileSync(join(dir, `t${i}.tex`), t));
  const inputs = tables.map((_, i) => `\\input{t${i}}\n\\clearpage`).join('\n');
  // Landscape A3: wide tables stay on the page, so the text reads back in order.
  const doc = `\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n\\usepackage[a3paper,landscape,margin=1cm]{geometry}\n\\usepackage{booktabs}\n\\begin{document}\n${inputs}\n\\end{document}\n`;
  writeFileSync(join(dir, 'paper.tex'), doc);
  const result = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'paper.tex'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) return { error: result.stdout.slice(-3000), text: null };
  if (!hasPdftotext) return { error: null, text: null };
  const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', 'paper.pdf', '-'], { cwd: dir, encoding: 'utf8' });
  return { error: null, text: text.status === 0 ? text.stdout : null };
}
