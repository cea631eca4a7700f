import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../electron/engine/core/datasets';
import { edaDatasets, edaPayload } from '../../electron/engine/games/eda/datasets';
import { parseEntityList } from '../../electron/engine/games/eda/lists';
import { writeList } from '../support/tmp';

const loadEdaDataset = (ref: { name: string; split?: string; file?: string; kind?: string }) => edaDatasets.load({ name: ref.name, subset: ref.split, file: ref.file, kind: ref.kind });

describe('bundled EDA datasets', () => {
  it.each([
    ['things', 'train', 300],
    ['things', 'dev', 100],
    ['things', 'test', 100],
    ['celebrities', 'train', 300],
    ['celebrities', 'dev', 100],
    ['celebrities', 'test', 100],
  ] as const)('%s/%s has %i entities and loads without errors', (name, split, count) => {
    const dataset = loadEdaDataset({ name, split });
    expect(dataset.instances).toHaveLength(count);
    expect(dataset.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('reports the duplicated Dumbbell of things/test as a warning and keeps both lines', () => {
    const dataset = loadEdaDataset({ name: 'things', split: 'test' });
    expect(dataset.problems.some((p) => p.line === 79 && /Dumbbell.*played twice/.test(p.message))).toBe(true);
  });

  it('parses aliases', () => {
    const dataset = loadEdaDataset({ name: 'things', split: 'test' });
    expect(edaPayload(dataset.instances.find((e) => e.name === 'Yoga mat')?.payload).aliases).toEqual(['Yoga mat', 'Mat']);
  });

  it('refuses an unknown dataset with the list of known ones', () => {
    expect(() => loadEdaDataset({ name: 'animals', split: 'test' })).toThrow(/Unknown dataset "animals".*things, celebrities/);
  });
});

describe('parseEntityList validation', () => {
  it('skips blank lines with a warning', () => {
    const { entities, problems } = parseEntityList('Oar\n\nSloth\n', 'x.txt');
    expect(entities.map((e) => e.name)).toEqual(['Oar', 'Sloth']);
    expect(problems).toEqual([{ severity: 'warning', line: 2, message: 'blank line (skipped)' }]);
  });

  it('makes an exact duplicate line an error', () => {
    const { problems } = parseEntityList('Oar\nSloth\noar', 'x.txt');
    expect(problems).toContainEqual({ severity: 'error', line: 3, message: 'duplicate line: "oar" already appears on line 1' });
  });

  it('finds empty aliases, control characters and spaces', () => {
    const { problems } = parseEntityList('Oar |\nSlo\u0007th\n Chive', 'x.txt');
    expect(problems.map((p) => [p.severity, p.line])).toEqual([
      ['error', 1],
      ['error', 2],
      ['warning', 3],
    ]);
  });

  it('warns about an alias that wins for another entity, and accents without an ASCII alias', () => {
    const { problems } = parseEntityList('Bee\nHoney bee\nBeyoncé', 'x.txt');
    expect(problems.map((p) => p.message)).toEqual([
      '"Bee" also matches "Honey bee" (line 2): a guess of "Honey bee" wins for "Bee"',
      '"Beyoncé" has accented letters and no ASCII alias: a guess of "Beyonce" will not win',
    ]);
  });

  it('refuses a custom list with errors, naming file and line', () => {
    const file = writeList(['Oar', 'Oar']);
    expect(() => loadEdaDataset({ name: 'mine', split: 'test', file, kind: 'things' })).toThrow(DatasetError);
    expect(() => loadEdaDataset({ name: 'mine', split: 'test', file, kind: 'things' })).toThrow(/entities\.txt:2: duplicate line/);
  });

  it('asks for the kind of a custom list', () => {
    const file = writeList(['Oar']);
    expect(() => loadEdaDataset({ name: 'mine', split: 'test', file })).toThrow(/dataset.kind/);
  });

  it('stores a custom list under its own name and content hash, never as a bundled dataset', () => {
    const file = writeList(['Oar', 'Sloth | Three-toed sloth']);
    const a = loadEdaDataset({ name: 'things', split: 'test', file, kind: 'things' });
    expect(a.name).toMatch(/^entities@[0-9a-f]{8}$/);
    expect(a.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.source).toBe(file);
    expect(a.instances.map((i) => i.tags)).toEqual([{}, {}]);
  });

  it('refuses a line of 100,000 characters, a JSON file and an unknown kind, each with what to do', () => {
    expect(() => loadEdaDataset({ name: 'x', file: writeList(['Oar', 'a'.repeat(100_000)]), kind: 'things' })).toThrow(/line is 100,000 characters long; an entity is a name of at most 1000 characters/);
    expect(() => loadEdaDataset({ name: 'x', file: writeList(['{"instances": []}']), kind: 'things' })).toThrow(/is a JSON file, not an EDA entity list/);
    expect(() => loadEdaDataset({ name: 'x', file: writeList(['Oar']), kind: 'animals' })).toThrow(/"animals" is not a kind of EDA list: use "things" or "celebrities"/);
  });

  it('refuses an empty list', () => {
    expect(parseEntityList('\n', 'x.txt').problems.some((p) => p.severity === 'error')).toBe(true);
  });
});
