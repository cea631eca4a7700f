/** AGE's word pairs as datasets: every list a subset, the ten topics together, all 531, and a user's file. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../electron/engine/core/datasets';
import { ageDatasets } from '../../electron/engine/games/age/datasets';
import { tempDir } from '../support/tmp';

describe('AGE datasets', () => {
  it('offers each list, the ten topics and all 531 pairs as subsets, each pair tagged with its list and topic', () => {
    const [bundled] = ageDatasets.bundled();
    expect(bundled!.subsets).toEqual(['A', 'business', 'entertainment', 'sports', 'technology', 'science', 'health', 'world', 'politics', 'travel', 'food', 'topics', 'all']);
    expect(ageDatasets.load({ name: 'age' }).instances).toHaveLength(531);
    expect(ageDatasets.load({ name: 'age', subset: 'topics' }).instances).toHaveLength(486);
    const a = ageDatasets.load({ name: 'age', subset: 'A' });
    expect(a.instances).toHaveLength(45);
    expect(a.instances[0]).toMatchObject({ key: 'A/0', name: 'cake / bread', tags: { list: 'A', topic: 'general' } });
    const sports = ageDatasets.load({ name: 'age', subset: 'sports' }).instances;
    expect(new Set(sports.map((i) => i.tags.topic))).toEqual(new Set(['sports']));
    expect(new Set(ageDatasets.load({ name: 'age' }).instances.map((i) => i.key)).size).toBe(531);
  });

  it('refuses an unknown dataset or subset with what there is', () => {
    expect(() => ageDatasets.load({ name: 'words' })).toThrow(DatasetError);
    expect(() => ageDatasets.load({ name: 'age', subset: 'weather' })).toThrow(/Unknown subset "weather" of age: it has A, business, .*topics, all\./);
  });

  it("loads a user's CSV list as its own dataset, and names the line of a bad one", () => {
    const dir = tempDir();
    const good = join(dir, 'kitchen.csv');
    writeFileSync(good, 'word_a,word_b,synonyms_a,synonyms_b\nkettle,teapot,kettles,teapots\nfork,spoon,forks,spoons\n');
    const loaded = ageDatasets.load({ name: 'kitchen', file: good });
    expect(loaded.name).toMatch(/^kitchen@[0-9a-f]{8}$/);
    expect(loaded.instances.map((i) => i.name)).toEqual(['kettle / teapot', 'fork / spoon']);
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'word_a,word_b,synonyms_a,synonyms_b\nkettle,kettle,,\n');
    expect(() => ageDatasets.load({ name: 'bad', file: bad })).toThrow(/bad\.csv:2: word_a and word_b are the same word \("kettle"\)/);
  });
});
