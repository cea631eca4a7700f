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

/** Compiles a table (a `table` environment, booktabs) in a minimal article; returns pdflatex's log on failure, null on success. */
export function compileLatexTable(table: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-tex-'));
  const doc = `\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{booktabs}\n\\usepackage{textcomp}\n\\begin{document}\n${table}\n\\end{document}\n`;
  writeFileSync(join(dir, 'table.tex'), doc);
  const result = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'table.tex'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return result.status === 0 ? null : `${result.stdout.slice(-3000)}`;
}
