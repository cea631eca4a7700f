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

export function escapeLatex(text: string): string {
  return text
    .replace(/[\\&%$#_{}~^<>|]/g, (c) => SPECIAL[c]!)
    .replace(/±/g, '$\\pm$')
    .replace(/[↑]/g, '$\\uparrow$')
    .replace(/[↓]/g, '$\\downarrow$')
    .replace(/−/g, '$-$')
    .replace(/Δ/g, '$\\Delta$')
    .replace(/†/g, '\\textsuperscript{\\dag}');
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
