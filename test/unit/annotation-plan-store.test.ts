/**
 * A stratified set's plan (its strata as drawn) is kept in the set's spec JSON and read back through
 * one schema (shared/contract/annotation.ts): a set without one reads as null, a malformed one is refused.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseError } from '../../electron/engine/errors';
import { tempStore } from '../support/tmp';

const spec = { runs: [1], method: 'stratified', size: 4, strata: ['label'], allocation: 'equal', overlap: 'all' };
const plan = [{ key: 'label=maybe', available: 116, take: 2 }, { key: 'label=no', available: 700, take: 2 }];

function withSpec(stored: string) {
  const store = tempStore();
  const id = store.annotations.createSet('s', spec, []);
  const raw = new Database(store.path);
  raw.prepare(`UPDATE annotation_sets SET spec = ? WHERE id = ?`).run(stored, id);
  raw.close();
  return { store, id };
}

describe('the stored stratum plan', () => {
  it('round-trips, and the spec handed out is the one asked for, without it', () => {
    const store = tempStore();
    const id = store.annotations.createSet('s', spec, [], plan);
    const set = store.annotations.getSet(id);
    expect(set.plan).toEqual(plan);
    expect(set.spec).toEqual(spec);
    expect(store.annotations.listSets()[0]!.plan).toEqual(plan);
    store.close();
  });

  it('a set without a plan (other methods, or made before plans were kept) reads as null', () => {
    const store = tempStore();
    expect(store.annotations.getSet(store.annotations.createSet('s', spec, [])).plan).toBeNull();
    store.close();
    const stored = withSpec(JSON.stringify({ ...spec, plan: null }));
    expect(stored.store.annotations.getSet(stored.id)).toMatchObject({ plan: null, spec });
    stored.store.close();
  });

  it('a malformed stored plan is refused with a message naming the set and the field', () => {
    const bad = withSpec(JSON.stringify({ ...spec, plan: [{ key: 'label=maybe', available: '116', take: 2 }] }));
    expect(() => bad.store.annotations.getSet(bad.id)).toThrow(DatabaseError);
    expect(() => bad.store.annotations.getSet(bad.id)).toThrow(/^Annotation set \d+ \("s"\) has a malformed stratum plan in its stored spec \(plan\[0\]\.available: .+\)/);
    expect(() => bad.store.annotations.listSets()).toThrow(/malformed stratum plan/);
    bad.store.close();
    const notList = withSpec(JSON.stringify({ ...spec, plan: { key: 'x' } }));
    expect(() => notList.store.annotations.getSet(notList.id)).toThrow(/\(plan: .+\)/);
    notList.store.close();
  });
});
