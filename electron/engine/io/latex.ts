/** LaTeX tables for papers: booktabs rules, every special character escaped, best values in bold. */

export interface TextTable {
  caption: string;
  label: string;
  columns: { header: string; align: 'l' | 'r' | 'c' }[];
  /** Header rows above the column headers, each cell spanning columns (spans add up to the columns; empty text: blank, no rule). */
  spans?: { text: string; span: number }[][];
  /** `dagger`: a footnote-like mark after the text, explained in the caption. */
  rows: { text: string; bold?: boolean; dagger?: boolean }[][];
  /** Printed under the table, e.g. how the numbers were computed. */
  note?: string;
}

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/**
 * Characters pdflatex typesets with `[T1]{fontenc}` and its default UTF-8 input, besides printable
 * ASCII (checked one by one with TeX Live 2022): Latin-1 and Latin Extended-A but for nine letters T1
 * has no glyph for, and the common typographic marks. Anything else (CJK, emoji, ✓, control
 * characters) would stop the compile with "Unicode character not set up for use with LaTeX", so it is
 * written as its code point, [U+2713], which reads back and compiles everywhere.
 */
const TYPESET = /[\u00a1-\u0125\u0128-\u0137\u0139-\u013e\u0141-\u0148\u014a-\u0165\u0168-\u017e–—‘’‚“”„…•€™‹›]/u;
const MAPPED: Record<string, string> = {
  '±': '$\\pm$',
  '↑': '$\\uparrow$',
  '↓': '$\\downarrow$',
  '−': '$-$',
  'Δ': '$\\Delta$',
  '†': '\\textsuperscript{\\dag}',
};
const codePoint = (c: string) => `\\texttt{[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]}`;

/**
 * A cell's text as LaTeX that compiles and prints what was written: specials escaped, every run of
 * white space (a newline in a question, a CRLF, a tab) one space — a blank line inside a cell or a
 * caption ends the paragraph and stops pdflatex — and characters pdflatex cannot typeset as code points.
 */
export function escapeLatex(text: string): string {
  return Array.from(text.replace(/\s+/g, ' '), (c) => {
    if (c >= ' ' && c <= '~') return SPECIAL[c] ?? c;
    return MAPPED[c] ?? (TYPESET.test(c) ? c : codePoint(c));
  }).join('');
}

/** A label may hold only letters, digits and `:-_.` (and is not escaped, since \label takes it verbatim). */
function safeLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9:._-]/g, '-');
}

/** A header row of spanning cells, and the rules under its named ones. */
function spanRow(cells: readonly { text: string; span: number }[]): string[] {
  let at = 1;
  const rules: string[] = [];
  const texts = cells.map((c) => {
    const from = at;
    at += c.span;
    if (c.text === '') return c.span === 1 ? '' : `\\multicolumn{${c.span}}{c}{}`;
    rules.push(`\\cmidrule(lr){${from}-${at - 1}}`);
    return c.span === 1 ? escapeLatex(c.text) : `\\multicolumn{${c.span}}{c}{${escapeLatex(c.text)}}`;
  });
  return [`${texts.join(' & ')} \\\\`, ...(rules.length ? [rules.join('')] : [])];
}

export function toLatex(table: TextTable): string {
  const cell = (c: { text: string; bold?: boolean; dagger?: boolean }) => `${c.bold ? `\\textbf{${escapeLatex(c.text)}}` : escapeLatex(c.text)}${c.dagger ? '\\textsuperscript{\\dag}' : ''}`;
  const lines = [
    '% Parlor export. Needs \\usepackage{booktabs} in the preamble.',
    '\\begin{table}[t]',
    '\\centering',
    '\\small',
    `\\begin{tabular}{${table.columns.map((c) => c.align).join('')}}`,
    '\\toprule',
    ...(table.spans ?? []).flatMap(spanRow),
    `${table.columns.map((c) => escapeLatex(c.header)).join(' & ')} \\\\`,
    '\\midrule',
    ...table.rows.map((row) => `${row.map(cell).join(' & ')} \\\\`),
    '\\bottomrule',
    '\\end{tabular}',
    `\\caption{${escapeLatex(table.caption)}${table.note ? ` ${escapeLatex(table.note)}` : ''}}`,
    `\\label{${safeLabel(table.label)}}`,
    '\\end{table}',
  ];
  return `${lines.join('\n')}\n`;
}
