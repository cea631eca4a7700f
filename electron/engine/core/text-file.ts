/**
 * The one way a user's text file is read: through the bounded reader (user-file.ts: regular files
 * within their kind's size limit only), as strict UTF-8 (invalid bytes are refused with their line and
 * byte offset, never silently turned into U+FFFD, which would change the data) and without a
 * byte-order mark (editors on Windows add one; JSON.parse and line parsers would see it as text).
 */
import { DatasetError } from './datasets';
import { readUserFile, type FileKind } from './user-file';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first invalid UTF-8 sequence starts: its 1-based line and 0-based byte offset; null if none. */
export function firstInvalidUtf8(bytes: Uint8Array): { line: number; offset: number } | null {
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a) line++;
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= bytes.length) return { line, offset: i };
    // Second-byte ranges that exclude overlong forms, surrogates and code points past U+10FFFF.
    const second = bytes[i + 1]!;
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (second < lo || second > hi) return { line, offset: i };
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return { line, offset: i };
    }
    i += need + 1;
  }
  return null;
}

/** Bytes as text: a DatasetError naming `what`, the line and the byte offset if they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes) ?? { line: 1, offset: 0 };
    throw new DatasetError(
      `${what} is not UTF-8 text: invalid byte 0x${bytes[at.offset]?.toString(16).padStart(2, '0') ?? '??'} on line ${at.line} (byte offset ${at.offset}). Save it as UTF-8 and try again.`,
    );
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads a user's file as UTF-8 text (see decodeUtf8); `kind` sets its size limit (user-file.ts).
 * A file that cannot be read, is not a regular file or is too large is a DatasetError too.
 */
export function readUtf8(path: string, what: string, kind: FileKind): string {
  return decodeUtf8(readUserFile(path, what, kind), what);
}
