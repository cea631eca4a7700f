/**
 * LaTeX that compiles and reads back (issue 27): a cell with a blank line stopped pdflatex (a
 * paragraph inside a tabular cell or a caption), and a character pdflatex has no glyph for (✓, CJK,
 * emoji, a control character) stopped it with "not set up for use with LaTeX".
 */
import { describe, expect, it } from 'vitest';
import { escapeLatex, toLatex } from '../../electron/engine/io/latex';
import { compileLatex, hasPdflatex, hasPdftotext } from '../support/standard-readers';

const HOSTILE = [
  'two\n\nparagraphs',
  'windows\r\nline',
  'say "hi", please',
  '=HYPERLINK("x")',
  '100% & $5 #1 under_score {braces} ~tilde ^caret \\backslash <less> |bar|',
  'Beyoncé Knowles — Zoë Ørsted, Łódź',
  'tick ✓ 漢字 🙂 bell\u0007 esc\u001b[2J',
];

describe('escapeLatex', () => {
  it('turns every run of white space into one space, so no cell or caption holds a paragraph break', () => {
    expect(escapeLatex('a\n\nb\r\nc\td')).toBe('a b c d');
  });
  it('escapes the specials and keeps letters pdflatex typesets', () => {
    expect(escapeLatex('50% & #1_a')).toBe('50\\% \\& \\#1\\_a');
    expect(escapeLatex('Beyoncé Łódź')).toBe('Beyoncé Łódź');
  });
  it('writes what pdflatex cannot typeset as its code point', () => {
    expect(escapeLatex('ok ✓')).toBe('ok \\texttt{[U+2713]}');
    expect(escapeLatex('🙂')).toBe('\\texttt{[U+1F642]}');
    expect(escapeLatex('a\u001bb')).toBe('a\\texttt{[U+001B]}b');
    expect(escapeLatex('ſ')).toBe('\\texttt{[U+017F]}');
  });
});

describe.skipIf(!hasPdflatex)('a table of hostile cells', () => {
  it('compiles with pdflatex, and its text reads back as written', () => {
    const table = toLatex({
      caption: `Caption with\n\na paragraph & 100% _ #`,
      label: 'tab:hostile',
      columns: [{ header: 'Player & co\nline two', align: 'l' }, { header: 'Score ↑', align: 'r' }],
      rows: HOSTILE.map((text, i) => [{ text, bold: i % 2 === 0 }, { text: `${i}.00 ± 0.10` }]),
    });
    const { error, text } = compileLatex([table]);
    expect(error).toBeNull();
    if (!hasPdftotext) return;
    const flat = text!.replace(/\s+/g, ' ');
    for (const expected of ['two paragraphs', 'say "hi", please', '=HYPERLINK("x")', '100% & $5 #1 under_score {braces}', 'Beyoncé Knowles — Zoë Ørsted, Łódź', 'tick [U+2713] [U+6F22][U+5B57] [U+1F642] bell[U+0007] esc[U+001B][2J', 'Caption with a paragraph & 100% _ #']) {
      expect(flat, expected).toContain(expected);
    }
  }, 120_000);
});
