import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { datasetsRoot, DatasetError } from '../../electron/engine/core/datasets';
import { DEFAULT_MATCH_SETTINGS, jaroExceeds } from '../../electron/engine/games/age/match';
import { jsonPairLines } from '../../electron/engine/games/age/parse';
import { AGE_TOPICS, bundledAgeLists, loadAgeListFile, mergeSynonyms, parseAgeCsv, parseAgeJson, wordForms, wordKey, type AgePair } from '../../electron/engine/games/age/words';
import { tempDir } from '../support/tmp';

const HEADER = 'word_a,word_b,synonyms_a,synonyms_b';
const errors = (problems: { severity: string; line: number; message: string }[]) => problems.filter((p) => p.severity === 'error');

function writeFile(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

function loadError(path: string): string {
  try {
    loadAgeListFile(path);
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError);
    return (error as Error).message;
  }
  throw new Error(`${path} loaded without an error`);
}

describe('bundled AGE word lists', () => {
  const lists = bundledAgeLists();
  const all = lists.flatMap((l) => l.pairs);

  it('has List A and ten topic lists, 531 pairs in all, as the paper counts', () => {
    expect(lists.map((l) => l.id)).toEqual(['A', ...AGE_TOPICS]);
    expect(all).toHaveLength(531);
    expect(lists[0]!.pairs).toHaveLength(45);
    expect(lists[0]!.topic).toBe('general');
  });

  it('names the topic lists after the ten news sections', () => {
    expect(new Set(lists.slice(1).map((l) => l.topic))).toEqual(
      new Set(['business', 'entertainment', 'sports', 'technology', 'science', 'health', 'world', 'politics', 'travel', 'food']),
    );
  });

  it('gives each topic list 48–49 pairs: 531 − 45 = 486 cannot reach the paper\'s ten lists of at least 49', () => {
    for (const list of lists.slice(1)) {
      const paperNamed = ['business', 'entertainment', 'sports', 'technology', 'science', 'health'].includes(list.topic);
      expect([list.id, list.pairs.length]).toEqual([list.id, paperNamed ? 49 : 48]);
    }
  });

  it('loads without a warning, and numbers each list from 0', () => {
    for (const list of lists) {
      expect([list.id, list.problems]).toEqual([list.id, []]);
      expect(list.pairs.map((p) => p.index)).toEqual(list.pairs.map((_, i) => i));
      expect(new Set(list.pairs.map((p) => `${p.list}/${p.topic}`))).toEqual(new Set([`${list.id}/${list.topic}`]));
    }
  });

  it('repeats no pair anywhere, in either order, and no word at all (so none within a list)', () => {
    const pairKeys = all.map((p) => [p.a, p.b].sort().join(' / '));
    expect(pairKeys.filter((k, i) => pairKeys.indexOf(k) !== i)).toEqual([]);
    const words = all.flatMap((p) => [p.a, p.b]);
    expect(words.filter((w, i) => words.indexOf(w) !== i)).toEqual([]);
  });

  it('uses lower-case words of one or two words, each with at least one accepted variant', () => {
    for (const p of all) {
      for (const side of ['a', 'b'] as const) {
        expect(p[side]).toBe(p[side].toLowerCase());
        expect(p[side].split(' ').length, p[side]).toBeLessThanOrEqual(2);
        expect(p.synonyms[side].length, p[side]).toBeGreaterThan(0);
      }
    }
  });

  it('never lets a form of one word equal or resemble (Jaro > 0.8) a form of its partner', () => {
    const clashes: string[] = [];
    for (const p of all) {
      for (const x of wordForms(p, 'a')) {
        for (const y of wordForms(p, 'b')) {
          if (jaroExceeds(wordKey(x), wordKey(y), DEFAULT_MATCH_SETTINGS.threshold)) clashes.push(`${p.list}: ${x} ~ ${y}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('keeps the paper\'s own example pair in List A', () => {
    expect(lists[0]!.pairs[0]).toMatchObject({ a: 'cake', b: 'bread' });
  });
});

describe('bundled lists that are broken', () => {
  const saved = process.env.PARLOR_DATASETS_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PARLOR_DATASETS_DIR;
    else process.env.PARLOR_DATASETS_DIR = saved;
  });

  function copyRoot(): string {
    const root = tempDir();
    mkdirSync(join(root, 'age'));
    cpSync(join(datasetsRoot(), 'age', 'lists'), join(root, 'age', 'lists'), { recursive: true });
    return root;
  }

  it('refuses a pair that is in two lists', () => {
    const root = copyRoot();
    const path = join(root, 'age', 'lists', 'food.json');
    const data = JSON.parse(readFileSync(path, 'utf8')) as { pairs: unknown[] };
    data.pairs.push({ a: 'bread', b: 'cake' });
    writeFileSync(path, JSON.stringify(data));
    process.env.PARLOR_DATASETS_DIR = root;
    expect(() => bundledAgeLists()).toThrow(/bread \/ cake is in two bundled AGE word lists: A and food/);
  });

  it('refuses a missing list', () => {
    const root = tempDir();
    process.env.PARLOR_DATASETS_DIR = root;
    expect(() => bundledAgeLists()).toThrow(/A\.json is missing/);
  });
});

describe("a user's word list", () => {
  it('loads a CSV with a header, quotes, blank lines and a BOM', () => {
    const path = writeFile('mine.csv', `\uFEFF${HEADER}\r\ncake,bread,cakes; sponge cake,loaf\r\n\r\n"salt, sea",pepper,,\r\nfork,spoon\r\n`);
    const list = loadAgeListFile(path);
    expect(list).toMatchObject({ id: 'mine', topic: 'custom', source: path, problems: [] });
    expect(list.name).toMatch(/^mine@[0-9a-f]{8}$/);
    expect(list.contentHash).toHaveLength(64);
    expect(list.pairs).toEqual<AgePair[]>([
      { list: 'mine', topic: 'custom', index: 0, a: 'cake', b: 'bread', synonyms: { a: ['cakes', 'sponge cake'], b: ['loaf'] } },
      { list: 'mine', topic: 'custom', index: 1, a: 'salt, sea', b: 'pepper', synonyms: { a: [], b: [] } },
      { list: 'mine', topic: 'custom', index: 2, a: 'fork', b: 'spoon', synonyms: { a: [], b: [] } },
    ]);
  });

  it('loads a JSON list of the bundled shape, with or without its id, title and topic', () => {
    const full = writeFile('x.json', JSON.stringify({ id: 'kitchen', title: 'Kitchen', topic: 'home', pairs: [{ a: 'fork', b: 'spoon', synonyms: { a: ['forks'] } }] }));
    expect(loadAgeListFile(full)).toMatchObject({ id: 'kitchen', title: 'Kitchen', topic: 'home', pairs: [{ list: 'kitchen', topic: 'home', a: 'fork', b: 'spoon', synonyms: { a: ['forks'], b: [] } }] });
    const bare = writeFile('pairs.json', JSON.stringify({ pairs: [{ a: 'fork', b: 'spoon' }] }));
    expect(loadAgeListFile(bare)).toMatchObject({ id: 'pairs', title: 'pairs', topic: 'custom' });
  });

  it('reads a file without a known extension by its first character', () => {
    expect(loadAgeListFile(writeFile('list.txt', `${HEADER}\ncake,bread\n`)).pairs).toHaveLength(1);
    expect(loadAgeListFile(writeFile('list.dat', '{"pairs": [{"a": "cake", "b": "bread"}]}')).pairs).toHaveLength(1);
  });

  it('tidies entries: spaces, repeated synonyms and the word itself among its synonyms', () => {
    const { pairs } = parseAgeCsv(`${HEADER}\n  ice   cream ,sorbet,Ice Cream; ices; ices ;,sorbets\n`, 'x.csv');
    expect(pairs[0]).toMatchObject({ a: 'ice cream', b: 'sorbet', synonyms: { a: ['ices'], b: ['sorbets'] } });
  });

  it('refuses a missing file and a folder', () => {
    expect(loadError(join(tempDir(), 'nope.csv'))).toMatch(/Word list not found/);
    expect(loadError(tempDir())).toMatch(/is a folder/);
  });
});

describe('bad CSV lists name the file and line', () => {
  it.each([
    ['an empty word', `${HEADER}\ncake,bread\n,pepper\n`, 3, /word_a is empty/],
    ['a word equal to its partner', `${HEADER}\ncake,bread\nSalt,salt\n`, 3, /word_a and word_b are the same word \("Salt"\)/],
    ['a pair given twice, in the other order', `${HEADER}\ncake,bread\nfork,spoon\nbread,cake\n`, 4, /the pair "bread" \/ "cake" already appears at line 2/],
    ['a synonym that is the other word', `${HEADER}\ncake,bread,cakes;Bread,\n`, 2, /synonyms_a lists "Bread", which is word_b/],
    ['a synonym shared by both words', `${HEADER}\ncake,bread,baked good,baked good\n`, 2, /"baked good" is in both synonyms_a and synonyms_b/],
    ['an over-long entry', `${HEADER}\ncake,bread,${'x'.repeat(61)},\n`, 2, /synonyms_a entry "x{40}…" is 61 characters long \(at most 60\)/],
    ['a control character', `${HEADER}\nca\u0007ke,bread\n`, 2, /word_a has a control character/],
    ['too many fields', `${HEADER}\ncake,bread,a,b,c\n`, 2, /5 fields but the header has 4/],
    ['one field only', `${HEADER}\ncake\n`, 2, /needs word_a and word_b/],
    ['an unterminated quote', `${HEADER}\n"cake,bread\n`, 2, /no closing quote/],
    ['no header', 'cake,bread\n', 1, /the first line must be the header "word_a,word_b,synonyms_a,synonyms_b"/],
    ['a header with semicolons', 'word_a;word_b\ncake;bread\n', 1, /separate the columns with commas/],
    ['JSON in a .csv file', '{"pairs": []}', 1, /this is JSON, not CSV/],
    ['a header and nothing else', `${HEADER}\n`, 0, /it has no word pairs/],
  ])('%s', (_what, text, line, message) => {
    const path = writeFile('bad.csv', text);
    const error = loadError(path);
    const wanted = error.split('\n').find((l) => l.includes(`${path}:${line}: `) && message.test(l));
    expect(wanted, error).toBeDefined();
  });

  it('refuses a binary file', () => {
    expect(loadError(writeFile('bad.csv', 'word_a\u0000\u0001'))).toMatch(/not a text file/);
  });

  it('lists every error of a file at once', () => {
    const { problems } = parseAgeCsv(`${HEADER}\n,bread\ncake,cake\nfork,spoon\n`, 'x.csv');
    expect(errors(problems).map((p) => p.line)).toEqual([2, 3]);
  });
});

describe('bad JSON lists name the pair (and its line)', () => {
  const list = (pairs: unknown[]) => `{\n  "id": "t",\n  "pairs": [\n${pairs.map((p) => `    ${JSON.stringify(p)}`).join(',\n')}\n  ]\n}\n`;

  it.each([
    ['an empty word', [{ a: 'cake', b: 'bread' }, { a: ' ', b: 'pepper' }], 5, /pairs\[1\]: "a" is empty/],
    ['a word equal to its partner', [{ a: 'salt', b: 'SALT' }], 4, /pairs\[0\]: "a" and "b" are the same word/],
    ['a pair given twice', [{ a: 'cake', b: 'bread' }, { a: 'bread', b: 'cake' }], 5, /pairs\[1\]: the pair "bread" \/ "cake" already appears at pairs\[0\]/],
    ['a synonym that is the other word', [{ a: 'cake', b: 'bread', synonyms: { b: ['cake'] } }], 4, /synonyms\.b lists "cake", which is "a"/],
    ['a shared synonym', [{ a: 'cake', b: 'bread', synonyms: { a: ['bakes'], b: ['Bakes'] } }], 4, /"bakes" is in both synonyms\.a and synonyms\.b/],
    ['an empty synonym', [{ a: 'cake', b: 'bread', synonyms: { a: [''] } }], 4, /synonyms\.a has an empty synonym/],
    ['an over-long word', [{ a: 'c'.repeat(70), b: 'bread' }], 4, /"a" entry .* is 70 characters long/],
    ['a missing word', [{ a: 'cake' }], 4, /pairs\[0\]: "b" is missing/],
    ['a word that is not a string', [{ a: 'cake', b: 3 }], 4, /"b" must be a string/],
    ['synonyms keyed by the words', [{ a: 'cake', b: 'bread', synonyms: { cake: ['cakes'] } }], 4, /"synonyms" has the key "cake": use "a" and "b"/],
    ['synonyms that are not a list', [{ a: 'cake', b: 'bread', synonyms: { a: 'cakes' } }], 4, /synonyms\.a must be a list of strings/],
    ['a pair that is not an object', ['cake / bread'], 4, /pairs\[0\]: a pair must be an object/],
  ])('%s', (_what, pairs, line, message) => {
    const path = writeFile('bad.json', list(pairs));
    const error = loadError(path);
    const wanted = error.split('\n').find((l) => l.includes(`${path}:${line}: `) && message.test(l));
    expect(wanted, error).toBeDefined();
  });

  it.each([
    ['not JSON', '{"pairs": [', /this is not valid JSON/],
    ['CSV in a .json file', `${HEADER}\ncake,bread\n`, /not valid JSON \(it looks like CSV: give the file a \.csv name\)/],
    ['a bare list', '[{"a": "cake", "b": "bread"}]', /a bare list: wrap it as \{"pairs": \[\.\.\.\]\}/],
    ['no pairs list', '{"id": "x"}', /expected a "pairs" list/],
    ['an empty pairs list', '{"pairs": []}', /it has no word pairs/],
    ['an id that is not a string', '{"id": 7, "pairs": [{"a": "cake", "b": "bread"}]}', /"id" must be a non-empty string/],
  ])('refuses %s as a whole file (line 0)', (_what, text, message) => {
    const path = writeFile('bad.json', text);
    const error = loadError(path);
    expect(error.split('\n').some((l) => l.includes(`${path}:0: `) && message.test(l)), error).toBe(true);
  });

  it('finds the line of every pair, however the file is laid out', () => {
    expect(jsonPairLines('{"id": "x", "pairs": [\n{"a": "[", "b": "}"},\n\n  {"a": "c",\n "b": "d"}]}')).toEqual([2, 4]);
    expect(jsonPairLines('{"note": {"pairs": [1]}, "pairs": [1, 2]}')).toEqual([1, 1]);
    expect(jsonPairLines('{"pairs": []}')).toEqual([]);
  });
});

describe('warnings (the list still loads)', () => {
  it('warns about a word in two pairs and about partners the Jaro rule would confuse', () => {
    const { pairs, problems } = parseAgeCsv(`${HEADER}\ncake,bread\ncake,pie\nhotel,hostel\n`, 'x.csv');
    expect(pairs).toHaveLength(3);
    expect(errors(problems)).toEqual([]);
    expect(problems.map((p) => [p.severity, p.line])).toEqual([
      ['warning', 3],
      ['warning', 4],
    ]);
    expect(problems[0]!.message).toBe('"cake" is also in the pair at line 2: the list plays it twice');
    expect(problems[1]!.message).toMatch(/"hotel" and "hostel" are too alike \(Jaro 0\.94 > 0\.8\)/);
  });

  it('warns about an unknown key in a JSON pair', () => {
    const { problems } = parseAgeJson('{"pairs": [{"a": "cake", "b": "bread", "note": "x"}]}', 'x.json');
    expect(problems).toEqual([{ severity: 'warning', line: 1, message: 'pairs[0]: unknown key "note" (ignored)' }]);
  });
});

describe('mergeSynonyms', () => {
  const pair = (a: string, b: string, synA: string[] = [], synB: string[] = []): AgePair => ({ list: 't', topic: 'custom', index: 0, a, b, synonyms: { a: synA, b: synB } });

  it('adds a user\'s forms to every pair holding the word, matching words case-insensitively', () => {
    const pairs = [pair('cake', 'bread', ['cakes']), { ...pair('pie', 'cake'), index: 1 }];
    const merged = mergeSynonyms(pairs, { Cake: ['gâteau', ' torte '], bread: ['bun'] });
    expect(merged[0]!.synonyms).toEqual({ a: ['cakes', 'gâteau', 'torte'], b: ['bun'] });
    expect(merged[1]!.synonyms).toEqual({ a: [], b: ['gâteau', 'torte'] });
  });

  it('is pure', () => {
    const pairs = [pair('cake', 'bread', ['cakes'])];
    const before = structuredClone(pairs);
    mergeSynonyms(pairs, { cake: ['torte'] });
    expect(pairs).toEqual(before);
  });

  it('skips forms already there, empty ones, and any that name or resemble the other word', () => {
    const merged = mergeSynonyms([pair('cake', 'bread', ['cakes'], ['loaf'])], { cake: ['CAKES', 'cake', '', 'Bread', 'loaf', 'breads', 'torte'] });
    expect(merged[0]!.synonyms.a).toEqual(['cakes', 'torte']);
  });

  it('gives a form offered for both words to the first only', () => {
    const merged = mergeSynonyms([pair('cake', 'bread')], { cake: ['baked good'], bread: ['baked good'] });
    expect(merged[0]!.synonyms).toEqual({ a: ['baked good'], b: [] });
  });
});
