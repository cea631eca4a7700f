import { describe, expect, it } from 'vitest';
import { datasetsRoot } from '../../electron/engine/core/datasets';
import { edaDatasets } from '../../electron/engine/games/eda/datasets';
import { loadTopics as load, TOPIC_KEYS } from '../../electron/engine/games/eda/topics';

const loadTopics = (kind: string) => load(datasetsRoot(), kind);

const THINGS = ['objects', 'animals', 'foods', 'plants', 'vehicles', 'clothing', 'professions', 'materials', 'instruments', 'places', 'birds', 'sports', 'buildings', 'furniture', 'celestial bodies', 'mythical creatures', 'events', 'activities'];
const ERAS = ['pre-20th century', '20th century', '21st century'];

function shares(kind: string, key: string): Map<string, number> {
  const counts = new Map<string, number>();
  const all = [...loadTopics(kind).values()];
  for (const t of all) counts.set(t[key]!, (counts.get(t[key]!) ?? 0) + 1);
  return new Map([...counts].map(([k, n]) => [k, Math.round((1000 * n) / all.length) / 10]));
}

describe('topics of the bundled entities', () => {
  it.each(['things', 'celebrities'])('every %s entity of every split has its topics, and nothing else does', (kind) => {
    const topics = loadTopics(kind);
    let entities = 0;
    for (const split of ['train', 'dev', 'test'] as const) {
      for (const e of edaDatasets.load({ name: kind, subset: split }).instances) {
        entities++;
        const t = topics.get(`${split}\u0000${e.key}`);
        expect(t, `${kind}/${split}: ${e.key}`).toBeDefined();
        for (const key of TOPIC_KEYS[kind]!) expect(t![key], `${e.key}: ${key}`).toMatch(/\S/);
        expect(e.tags).toEqual(t);
      }
    }
    expect(topics.size).toBe(entities);
    expect(entities).toBe(500);
  });

  it('Things use only the paper’s categories (appendix A); objects are about 20% as the paper says', () => {
    const s = shares('things', 'category');
    for (const category of s.keys()) expect(THINGS).toContain(category);
    expect(s.get('objects')).toBe(20.8);
  });

  it('Celebrities: the composition the README compares with the paper', () => {
    for (const era of shares('celebrities', 'era').keys()) expect(ERAS).toContain(era);
    expect(shares('celebrities', 'nationality').get('United States')).toBe(31.4); // paper 27.7
    const occupation = shares('celebrities', 'occupation');
    expect([occupation.get('actor'), occupation.get('musician'), occupation.get('writer')]).toEqual([23, 16.2, 10.4]); // paper 18.4, 15.8, 14.7
    const era = shares('celebrities', 'era');
    expect([era.get('pre-20th century'), era.get('20th century'), era.get('21st century')]).toEqual([15.6, 48.2, 36.2]); // paper 29.6, 52.0, 18.4
    expect(new Set([...loadTopics('celebrities').values()].map((t) => t.nationality)).size).toBe(41); // paper 32
  });
});
