import { describe, expect, it } from 'vitest';
import type { InstanceInput } from '../../electron/engine/core/game';
import { auditInstances, countByKind, foldText } from '../../electron/engine/analysis/audit';
import { auditDatasets } from '../../electron/engine/analysis/audit-runner';
import { allGames } from '../../electron/engine/games/registry';

const inst = (name: string, tags: Record<string, string> = {}, aliases?: string[]): InstanceInput => ({
  key: name,
  name,
  payload: aliases ? { line: name, aliases } : { line: name },
  tags,
});
const kinds = (list: InstanceInput[], max?: number) => countByKind(auditInstances(list, { maxLength: max }));

describe('dataset audit', () => {
  it('finds nothing in a clean list, legit multi-word names included', () => {
    const clean = [
      inst('Apple', { category: 'food' }),
      inst('Washington, D.C.', { category: 'places' }),
      inst('Aung San Suu Kyi', { category: 'people' }),
      inst('Ice cream', { category: 'food' }),
      inst('Glass', { category: 'objects' }),
      inst('Bus', { category: 'vehicles' }),
    ];
    expect(auditInstances(clean)).toEqual([]);
  });

  it('folds case, plural, spacing and punctuation', () => {
    expect(foldText('Ice-Creams')).toBe(foldText('ice cream'));
    expect(foldText('Berries')).toBe(foldText('berry'));
    expect(foldText('Glass')).not.toBe(foldText('Glas'));
  });

  it('finds exact and near duplicates, aliases included', () => {
    expect(kinds([inst('Dog'), inst('Dog'), inst('Cat')])).toEqual({ duplicate: 1 });
    expect(kinds([inst('Ice cream'), inst('ice-creams'), inst('Cat')])).toEqual({ 'near-duplicate': 1 });
    const mozart = [inst('Mozart', {}, ['Mozart']), inst('Wolfgang Amadeus Mozart', {}, ['Wolfgang Amadeus Mozart', 'Mozart'])];
    expect(kinds(mozart)).toEqual({ 'near-duplicate': 1 });
  });

  it('finds two items run together', () => {
    const list = [inst('Salt and pepper'), inst('Knife/fork'), inst('Tom Hanks'), inst('Meryl Streep'), inst('Tom Hanks Meryl Streep'), inst('Red, green, blue')];
    const found = auditInstances(list).filter((f) => f.kind === 'run-together');
    expect(found.map((f) => f.keys[0]).sort()).toEqual(['Knife/fork', 'Red, green, blue', 'Salt and pepper', 'Tom Hanks Meryl Streep']);
  });

  it('reads word pairs from the payload, not the joined name', () => {
    const pair: InstanceInput = { key: 'A/0', name: 'cake / bread', payload: { a: 'cake', b: 'bread' }, tags: { topic: 'food' } };
    expect(auditInstances([pair])).toEqual([]);
  });

  it('finds missing and placeholder tags where the dataset has categories', () => {
    const list = Array.from({ length: 12 }, (_, i) => inst(`Item${'abcdefghijkl'[i]}`, { category: 'tools' }));
    list.push(inst('Hammer', { category: '' }), inst('Saw', { category: 'Unknown' }));
    const found = auditInstances(list);
    expect(countByKind(found)).toEqual({ 'missing-tag': 1, 'odd-tag': 1 });
    expect(found.find((f) => f.kind === 'missing-tag')?.keys).toEqual(['Hammer']);
    expect(found.find((f) => f.kind === 'odd-tag')).toMatchObject({ keys: ['Saw'], severity: 'warning' });
  });

  it('flags over-long names by the setting', () => {
    expect(kinds([inst('x'.repeat(81))])).toEqual({ 'too-long': 1 });
    expect(kinds([inst('x'.repeat(81))], 100)).toEqual({});
  });

  it('snapshot: findings per bundled subset', () => {
    const counts = Object.fromEntries(auditDatasets(allGames(), {}).map((a) => [`${a.game} ${a.dataset}/${a.subset}`, countByKind(a.findings)]));
    expect(counts).toMatchSnapshot();
  }, 60_000);
});
