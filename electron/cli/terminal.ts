/**
 * Everything `parlor` prints passes through here: model replies, imported folder names, notes and
 * error messages can hold characters a terminal obeys (ESC sequences that clear the screen or set the
 * window title, BEL, a lone CR). The CLI's two streams are guarded once, at start, so no command can
 * forget: each such character is written as its escape (`\u001b`), see shared/text/control.ts. Only
 * the CLI's own displays (the progress bar, a live counter) write through the raw stream, and data a
 * command exports to standard output goes out as it is when that is a pipe or a file (`printData`).
 */
import { neutraliseControls } from '../../shared/text/control';

type Write = NodeJS.WriteStream['write'];

const rawWrites = new WeakMap<NodeJS.WriteStream, Write>();

function asText(chunk: unknown, encoding: unknown): string {
  if (typeof chunk === 'string') return chunk;
  const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/** Makes every later write to these streams (console.log included) print control characters as escapes. */
export function guardTerminalOutput(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    if (rawWrites.has(stream)) continue;
    const raw = stream.write.bind(stream) as Write;
    rawWrites.set(stream, raw);
    stream.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      const text = neutraliseControls(asText(chunk, encoding));
      const done = typeof encoding === 'function' ? encoding : callback;
      return (raw as (text: string, encoding: BufferEncoding, callback?: unknown) => boolean)(text, 'utf8', done);
    }) as Write;
  }
}

/**
 * The stream as the CLI's own displays need it: its writes unguarded (cursor moves, `\r`), everything
 * else as the stream. Only for text Parlor composes itself (counts, its own labels).
 */
export function rawStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  const raw = rawWrites.get(stream);
  if (!raw) return stream;
  const view = Object.create(stream) as NodeJS.WriteStream;
  view.write = raw;
  return view;
}

/**
 * Writes data the user asked for (an export's CSV, JSONL or LaTeX) to standard output. A pipe or a
 * file gets it byte for byte, control characters in a model's reply included, as `-o` would write it;
 * a terminal gets it guarded like everything else, so a reply cannot drive the screen.
 */
export function printData(text: string, stream: NodeJS.WriteStream = process.stdout): void {
  (stream.isTTY ? stream : rawStream(stream)).write(text);
}
