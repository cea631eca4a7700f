/** LaTeX tables for papers: booktabs rules, every special character escaped, best values in bold. */

export interface TextTable {
  caption: string;
  label: string;
  columns: { header: string; align: 'l' | 'r' | 'c' }[];
  rows: { text: string; bold?: boolean }[][];
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
  return text.replace(/[\\&%$#_{}~^<>|]/g, (c) => SPECIAL[c]!).replace(/±/g, '$\\pm$').replace(/[↑]/g, '$\\uparrow$').replace(/[↓]/g, '$\\downarrow$');
}

/** A label may hold only letters, digits and `:-_.` (and is not escaped, since \label takes it verbatim). */
function safeLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9:._-]/g, '-');
}

export function toLatex(table: TextTable): string {
  const cell = (c: { text: string; bold?: boolean }) => (c.bold ? `\\textbf{${escapeLatex(c.text)}}` : escapeLatex(c.text));
  const lines = [
    '% Parlor export. Needs \\usepackage{booktabs} in the preamble.',
    '\\begin{table}[t]',
    '\\centering',
    '\\small',
    `\\begin{tabular}{${table.columns.map((c) => c.align).join('')}}`,
    '\\toprule',
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
