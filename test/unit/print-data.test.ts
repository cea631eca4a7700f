/**
 * `printData` (cli/terminal.ts): an export printed to standard output reaches a pipe or a file byte for
 * byte, while a terminal still gets the guard's escapes, as every other line the CLI prints does.
 */
import { describe, expect, it } from 'vitest';
import { guardTerminalOutput, printData } from '../../electron/cli/terminal';

/** A stream that records what reaches it under the guard, a terminal or not. */
function stream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const fake = { isTTY, write: (chunk: string | Uint8Array) => (written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true) };
  const out = fake as unknown as NodeJS.WriteStream;
  guardTerminalOutput([out]);
  return { stream: out, written };
}

const REPLY = 'a,"Is it \u001b[2Jred?\rOr \u009b1m blue \u202e?"\r\n';

describe('printData', () => {
  it('writes to a pipe or a file as it is: ESC, a bare CR, C1 and bidi controls included', () => {
    const { stream: out, written } = stream(false);
    printData(REPLY, out);
    expect(written.join('')).toBe(REPLY);
  });

  it('writes to a terminal through the guard, each control as its escape (the CSV line end stays)', () => {
    const { stream: out, written } = stream(true);
    printData(REPLY, out);
    expect(written.join('')).toBe('a,"Is it \\u001b[2Jred?\\u000dOr \\u009b1m blue \\u202e?"\r\n');
  });

  it('leaves the rest of the stream guarded', () => {
    const { stream: out, written } = stream(false);
    printData('data\u001b\n', out);
    out.write('message\u001b\n');
    expect(written).toEqual(['data\u001b\n', 'message\\u001b\n']);
  });
});
