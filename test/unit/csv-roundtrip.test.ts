/**
 * CSV that a standard reader reads back as written (issue 27, item 1): a cell holding a bare LF or CR
 * was written unquoted, so Python's csv split one record into several.
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../electron/engine/io/csv';
import { readCsvWithPython } from '../support/standard-readers';

/** Cells a CSV writer gets wrong, each alone and in company. */
export const HOSTILE_CELLS = [
  'a question\nthat spans two lines',
  'carriage\rreturn alone',
  'windows\r\nline end',
  '\nstarts with a newline',
  'ends with a newline\n',
  'say "hi", please',
  'comma, inside',
  '""',
  '=HYPERLINK("http://evil.example","click")',
  '+1+2',
  '-3-4',
  '@SUM(A1:A2)',
  '\ttab first',
  'ünïcödé ✓ 漢字 🙂',
  '100% & $5 #1 under_score {braces} ~tilde ^caret \\backslash',
  '',
  ' leading and trailing spaces ',
];

/** What a cell reads back as: a formula-looking start is defused with an apostrophe, everything else verbatim. */
export const readBackAs = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

describe('toCsv', () => {
  it('writes every hostile cell so that Python reads back one record per row and every cell as written', () => {
    const rows = HOSTILE_CELLS.map((cell, i) => ({ id: i, text: cell, note: `${cell}|${i}` }));
    const back = readCsvWithPython(toCsv(rows));
    expect(back).toHaveLength(rows.length + 1);
    expect(back[0]).toEqual(['id', 'text', 'note']);
    rows.forEach((row, i) => expect(back[i + 1], JSON.stringify(row.text)).toEqual([String(row.id), readBackAs(row.text), readBackAs(row.note)]));
  });

  it('quotes a cell with a bare LF or CR, which the library alone leaves bare', () => {
    expect(toCsv([{ q: 'two\nlines' }])).toBe('q\r\n"two\nlines"\r\n');
    expect(toCsv([{ q: 'a\rb' }])).toBe('q\r\n"a\rb"\r\n');
  });

  it('keeps numbers as numbers, rounded as displayed when digits are asked for', () => {
    expect(readCsvWithPython(toCsv([{ x: 0.215, y: -0 }], { digits: 2 }))).toEqual([['x', 'y'], ['0.22', '0.00']]);
  });
});
