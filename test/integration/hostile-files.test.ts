/**
 * Hostile files (issue 17, item 9): every reader of a user's file (EDA entity lists, SimulBench
 * scripts, AGE word lists, clembench instance files, run configs, clembench result logs) refuses
 * malformed input with a specific message, and invalid UTF-8 with its line and byte offset; a
 * byte-order mark and CRLF are accepted. Nothing is stored by a refused file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromFlags } from '../../electron/cli/commands/run';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { decodeUtf8, firstInvalidUtf8 } from '../../electron/engine/core/text-file';
import { readResultsTree } from '../../electron/engine/games/clembench/results-tree';
import { gameById } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { storeSnapshot } from '../support/store-snapshot';
import { tempDir } from '../support/tmp';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
function file(name: string, content: string | Buffer): string {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return path;
}
const NO_STACK = /\n\s+at |\.ts:\d+|Internal error/;

const script = (id: number | string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, source_id: `s${id}`, act: 'Terminal', task_description: 'Act as a terminal.', type: 'stateless', turn_num: 0, dialogue_history: [{ role: 'user', content: 'ls' }], ...extra });
const AGE_HEADER = 'word_a,word_b,synonyms_a,synonyms_b';

/** [what, game, file name, content, the refusal's message] */
const REFUSED: [string, string, string, string | Buffer, RegExp][] = [
  ['EDA: invalid UTF-8 on line 1', 'eda', 'l.txt', bytes([0xff], 'Apple\nPear\n'), /line 1 \(byte offset 0\)/],
  ['EDA: invalid UTF-8 on line 3', 'eda', 'l.txt', bytes('Apple\nPear\nPl', [0xc3, 0x28], 'um\n'), /line 3 \(byte offset 13\)/],
  ['EDA: Latin-1 é (mixed encodings) on line 2', 'eda', 'l.txt', bytes('Caf\u00e9 noir\nCaf', [0xe9], '\n'), /invalid byte 0xe9 on line 2/],
  ['EDA: truncated multi-byte sequence at the end', 'eda', 'l.txt', bytes('Apple\n', [0xe2, 0x82]), /line 2 \(byte offset 6\)/],
  ['EDA: overlong encoding of "/"', 'eda', 'l.txt', bytes('Apple\n', [0xc0, 0xaf], '\n'), /line 2/],
  ['EDA: an encoded surrogate', 'eda', 'l.txt', bytes('A\nB\n', [0xed, 0xa0, 0x80], '\n'), /line 3/],
  ['EDA: UTF-16 text', 'eda', 'l.txt', Buffer.from('\ufeffApple\nPear\n', 'utf16le'), /not UTF-8 text/],
  ['EDA: an empty file', 'eda', 'l.txt', '', /holds no entities/],
  ['EDA: only blank lines', 'eda', 'l.txt', '\n\n\r\n', /holds no entities/],
  ['EDA: a NUL byte', 'eda', 'l.txt', 'Apple\nPe\u0000ar\n', /:2: control character/],
  ['EDA: a huge line', 'eda', 'l.txt', `Apple\n${'x'.repeat(50_000)}\n`, /:2: line is 50,000 characters/],
  ['EDA: a duplicate line', 'eda', 'l.txt', 'Apple\nPear\napple\n', /:3: duplicate line/],
  ['EDA: an empty alias', 'eda', 'l.txt', 'Apple||Pomme\n', /empty alias/],
  ['EDA: a JSON file', 'eda', 'l.json', '["Apple", "Pear"]', /is a JSON file/],
  ['SimulBench: invalid UTF-8 on line 2', 'simulbench', 's.jsonl', bytes(script(1), '\n', [0xfe], script(2), '\n'), /line 2 \(byte offset \d+\)/],
  ['SimulBench: truncated JSON', 'simulbench', 's.jsonl', `${script(1)}\n${script(2).slice(0, 40)}\n`, /:2: not JSON/],
  ['SimulBench: a wrong type', 'simulbench', 's.jsonl', `${script(1, { turn_num: 'three' })}\n`, /:1: turn_num/],
  ['SimulBench: an unknown key', 'simulbench', 's.jsonl', `${script(1, { extra: 1 })}\n`, /:1: .*extra/],
  ['SimulBench: a duplicate id', 'simulbench', 's.jsonl', `${script(1)}\n${script(1)}\n`, /:2: id 1 is used again \(first on line 1\)/],
  ['SimulBench: an empty file', 'simulbench', 's.jsonl', '', /the file is empty/],
  ['SimulBench: an array, not records', 'simulbench', 's.jsonl', '[1, 2, 3]\n', /:1: /],
  ['SimulBench: a huge line of junk', 'simulbench', 's.jsonl', `${'{'.repeat(100_000)}\n`, /:1: not JSON/],
  ['SimulBench: a NUL byte', 'simulbench', 's.jsonl', `${script(1)}\n\u0000\n`, /:2: not JSON/],
  ['AGE: invalid UTF-8 on line 3', 'age', 'w.csv', bytes(`${AGE_HEADER}\ncake,bread\nfork,sp`, [0x80], 'oon\n'), /line 3 \(byte offset \d+\)/],
  ['AGE: no header', 'age', 'w.csv', 'cake,bread\n', /header|word_a/],
  ['AGE: an empty file', 'age', 'w.csv', '', /./],
  ['AGE: truncated JSON', 'age', 'w.json', '{"id": "x", "pairs": [', /JSON/],
  ['referencegame: invalid UTF-8 on line 2', 'referencegame', 'i.json', bytes('{\n "experiments": [', [0xc3], ']}'), /line 2 \(byte offset \d+\)/],
  ['referencegame: truncated JSON', 'referencegame', 'i.json', '{"experiments": [', /not JSON/],
  ['referencegame: wrong type', 'referencegame', 'i.json', '{"experiments": 3}', /experiments/],
];

let path: string;
let store: Store;
let service: ApiService;
beforeEach(() => {
  path = join(tempDir(), 'parlor.db');
  store = Store.open(path);
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(async () => {
  await service.close();
  store.close();
});

describe('malformed dataset files', () => {
  it.each(REFUSED)('%s is refused', async (_what, game, name, content, message) => {
    const filePath = file(name, content);
    let thrown: unknown;
    try {
      gameById(game).datasets.load({ name: 'mine', file: filePath, kind: game === 'eda' ? 'things' : undefined });
    } catch (error) {
      thrown = error;
    }
    expect(thrown, 'the file was accepted').toBeInstanceOf(Error);
    expect((thrown as Error).name).not.toBe('Error');
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toMatch(NO_STACK);
  });

  it('refuses an invalid entity list through the API too, and stores nothing', async () => {
    const filePath = file('l.txt', bytes('Apple\nPe', [0xff], 'ar\n'));
    const before = storeSnapshot(path);
    const config = { game: 'eda', dataset: { name: 'mine', file: filePath, kind: 'things' }, players: { guesser: { provider: 'openai', model: 'm' }, judge: { provider: 'openai', model: 'm' } } };
    for (const method of ['runs.estimate', 'runs.start'] as const) {
      const reply = await service.registry.dispatch(method, { config });
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('bad_request');
        expect(reply.error.message).toMatch(/not UTF-8 text: invalid byte 0xff on line 2 \(byte offset 8\)/);
      }
    }
    expect(storeSnapshot(path)).toEqual(before);
  });
});

describe('accepted quirks', () => {
  it.each([
    ['a BOM', bytes(BOM, 'Apple\nPear\n')],
    ['CRLF line ends', 'Apple\r\nPear\r\n'],
    ['a BOM and CRLF', bytes(BOM, 'Apple\r\nPear')],
    ['no final newline', 'Apple\nPear'],
  ])('an EDA list with %s loads as the same two entities', (_what, content) => {
    const loaded = gameById('eda').datasets.load({ name: 'mine', file: file('l.txt', content), kind: 'things' });
    expect(loaded.instances.map((i) => i.name)).toEqual(['Apple', 'Pear']);
  });

  it('a SimulBench file with a BOM and CRLF loads', () => {
    const loaded = gameById('simulbench').datasets.load({ name: 'mine', file: file('s.jsonl', bytes(BOM, `${script(1)}\r\n${script(2)}\r\n`)) });
    expect(loaded.instances).toHaveLength(2);
  });

  it('an AGE CSV with a BOM loads', () => {
    const loaded = gameById('age').datasets.load({ name: 'mine', file: file('w.csv', bytes(BOM, `${AGE_HEADER}\r\ncake,bread\r\n`)) });
    expect(loaded.instances).toHaveLength(1);
  });
});

describe('run configs', () => {
  it.each([
    ['invalid UTF-8 on line 2', bytes('{\n"game": "ed', [0xff], '"}'), /config file .* is not UTF-8 text: invalid byte 0xff on line 2 \(byte offset 13\)/],
    ['truncated JSON', '{"game": "eda", "limit": ', /is not valid JSON/],
    ['an empty file', '', /is not valid JSON/],
  ])('a config with %s is refused', (_what, content, message) => {
    expect(() => configFromFlags({ config: file('c.json', content) })).toThrow(message);
  });

  it('a config with a BOM is read', () => {
    expect(configFromFlags({ config: file('c.json', bytes(BOM, JSON.stringify({ game: 'eda', limit: 3, players: { guesser: { provider: 'openai', model: 'm' }, judge: { provider: 'openai', model: 'm' } } }))) })).toMatchObject({ game: 'eda', limit: 3 });
  });
});

describe('clembench result logs', () => {
  it('an interactions.json with invalid UTF-8 is a problem with its line; the other episodes are read', () => {
    const root = tempDir();
    const episode = (k: number) => join(root, 'm1--m1', 'referencegame', '0_line_grids_rows', `episode_${k}`);
    mkdirSync(episode(0), { recursive: true });
    mkdirSync(episode(1), { recursive: true });
    writeFileSync(join(episode(0), 'interactions.json'), JSON.stringify({ players: {}, turns: [[]] }));
    writeFileSync(join(episode(1), 'interactions.json'), bytes('{"players": {},\n"turns": [["', [0xc3, 0x28], '"]]}'));
    const tree = readResultsTree(root);
    expect(tree.episodes).toHaveLength(1);
    expect(tree.problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/interactions\.json is not UTF-8 text: invalid byte 0xc3 on line 2 \(byte offset 28\)/) })]);
  });
});

describe('the strict decoder', () => {
  it.each([
    ['ASCII', bytes('a\nb'), null],
    ['a 4-byte emoji', bytes('a\n\u{1F600}\n'), null],
    ['a lone continuation byte', bytes('ab\ncd\n', [0x80]), { line: 3, offset: 6 }],
    ['a code point past U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), { line: 1, offset: 0 }],
    ['0xC1, never valid', bytes('\n\n', [0xc1, 0x81]), { line: 3, offset: 2 }],
  ])('%s', (_what, input, expected) => {
    expect(firstInvalidUtf8(input)).toEqual(expected);
    if (expected === null) expect(decodeUtf8(input, 'x')).toBe(input.toString('utf8'));
    else expect(() => decodeUtf8(input, 'x')).toThrow(`line ${expected.line} (byte offset ${expected.offset})`);
  });
});
