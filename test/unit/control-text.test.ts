/** Control characters: shown as escapes on output, refused in names (shared/text/control.ts). */
import { describe, expect, it } from 'vitest';
import { controlProblem, firstControl, neutraliseControls } from '../../shared/text/control';

describe('neutraliseControls', () => {
  it.each([
    ['ESC sequences', 'a\u001b[2Jb\u001b]0;title\u0007c', 'a\\u001b[2Jb\\u001b]0;title\\u0007c'],
    ['backspace, DEL and a C1 CSI', 'x\u0008y\u007fz\u009b31m', 'x\\u0008y\\u007fz\\u009b31m'],
    ['a lone CR, which overwrites the line', 'safe\rEVIL', 'safe\\u000dEVIL'],
    ['bidirectional overrides and isolates', 'gpt\u202e4o\u2066', 'gpt\\u202e4o\\u2066'],
    ['NUL', 'a\u0000b', 'a\\u0000b'],
  ])('shows %s as escapes', (_what, input, output) => {
    expect(neutraliseControls(input)).toBe(output);
  });

  it('keeps tabs, line feeds and CR LF line ends (CSV), and any other text', () => {
    const text = 'a\tb\nc\r\nd é 中 🙂 \u200f';
    expect(neutraliseControls(text)).toBe(text);
  });

  it('JSON printed through it is the same JSON', () => {
    const value = { reply: '\u001b[2J\u009b\u202e\r\n\t' };
    expect(JSON.parse(neutraliseControls(JSON.stringify(value)))).toEqual(value);
  });
});

describe('firstControl', () => {
  it('names refuse tabs and line breaks; notes keep them; dataset text keeps bidirectional marks', () => {
    expect(firstControl('a\tb')).toEqual({ code: 'U+0009', index: 1 });
    expect(firstControl('a\tb\r\nc', 'lines')).toBeNull();
    expect(firstControl('a\u001bb', 'lines')).toEqual({ code: 'U+001B', index: 1 });
    expect(firstControl('שלום \u202b', 'lines')).toEqual({ code: 'U+202B', index: 5 });
    expect(firstControl('שלום \u202b\n', 'text')).toBeNull();
    expect(firstControl('a\u0085', 'text')).toEqual({ code: 'U+0085', index: 1 });
    expect(firstControl('plain name')).toBeNull();
  });

  it('says where', () => {
    expect(controlProblem('run\u0007', 'the run name')).toBe('the run name holds a control character (U+0007 at character 4); use plain text');
  });
});
