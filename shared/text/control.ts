/**
 * Characters a terminal obeys rather than shows. Text from models, logs and imported folder names can
 * hold them: ESC starts sequences that clear the screen, move the cursor, set the window title or
 * hide text; BEL rings; CR and backspace overwrite what was printed; C1 controls (0x80–0x9F) are ESC
 * sequences in one character on many terminals; bidirectional overrides make text read differently
 * from what it is. Tab and line feed are layout and stay. Printed text shows them as escapes; names
 * a user gives may not hold them at all.
 */
/* eslint-disable no-control-regex -- finding control characters is what this module is for */

/** Everything a terminal may obey, outside a CR LF line end (CSV records end in CR LF, which a terminal shows as a plain line end). */
const UNSAFE_OUTPUT = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text safe to print on a terminal: every unsafe character is shown as its JSON escape (`\u001b` for
 * ESC), so nothing is hidden or lost and JSON output stays the same JSON.
 */
export function neutraliseControls(text: string): string {
  return text.replace(UNSAFE_OUTPUT, escaped);
}

/**
 * What text may hold besides printable characters: a name (the default) nothing, not even a tab or a
 * line break; `lines` (a note) tabs and line breaks (CR LF included); `text` (a dataset's dialogue,
 * which may be in a right-to-left script) those and bidirectional formatting too.
 */
export type TextKind = 'name' | 'lines' | 'text';

/**
 * By kind: C0 controls, DEL and C1 controls (0x80–0x9F); in names and notes also the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
const REFUSED: Record<TextKind, RegExp> = {
  name: /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
  lines: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
  text: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
};

/** The first character `text` may not hold as a `kind`, with its position and code point; null if none. */
export function firstControl(text: string, kind: TextKind = 'name'): { code: string; index: number } | null {
  const found = REFUSED[kind].exec(text);
  return found ? { code: `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, index: found.index } : null;
}

/** Why `what` is refused, or null when it holds no control character: "the run name holds a control character (U+001B at character 4)…". */
export function controlProblem(text: string, what: string, kind: TextKind = 'name'): string | null {
  const found = firstControl(text, kind);
  return found ? `${what} holds a control character (${found.code} at character ${found.index + 1}); use plain text` : null;
}
