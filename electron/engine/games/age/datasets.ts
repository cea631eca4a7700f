/**
 * AGE's word pairs as a game's datasets: the bundled lists as one dataset `age` whose subsets are each
 * list (`A`, `business`, …), `topics` (the ten topic lists, the paper's §4.2) and `all` (531 pairs);
 * or a user's list file (CSV or JSON, see words.ts), one subset. Each pair is an instance tagged with
 * its list and topic, so the topic heatmap (the paper's Figure 2) groups by `topic`.
 */
import { DatasetError } from '../../core/datasets';
import type { DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { AGE_TOPICS, BUNDLED_AGE_LISTS, bundledAgeLists, loadAgeListFile, type AgeList } from './words';

export const AGE_KIND = 'age';
export const AGE_DATASET = 'age';
const GROUPS = ['topics', 'all'] as const;

function instancesOf(list: AgeList): InstanceInput[] {
  return list.pairs.map((pair) => ({
    key: `${list.id}/${pair.index}`,
    name: `${pair.a} / ${pair.b}`,
    payload: pair,
    tags: { list: list.id, topic: list.topic },
  }));
}

// The lists' ids are fixed (a bundled list must carry its own), so naming the subsets reads no list:
// every command lists the games, and reading and checking the lists takes a tenth of a second.
function subsets(): string[] {
  return [...BUNDLED_AGE_LISTS, ...GROUPS];
}

function loadBundled(ref: DatasetRef): LoadedDataset {
  if (ref.name !== AGE_DATASET) throw new DatasetError(`Unknown dataset "${ref.name}": AGE's bundled word lists are "${AGE_DATASET}"; for your own list give its file (--dataset-file).`);
  const lists = bundledAgeLists();
  const subset = ref.subset ?? 'all';
  const chosen = subset === 'all' ? lists : subset === 'topics' ? lists.filter((l) => (AGE_TOPICS as readonly string[]).includes(l.id)) : lists.filter((l) => l.id === subset);
  if (chosen.length === 0) throw new DatasetError(`Unknown subset "${subset}" of ${AGE_DATASET}: it has ${subsets().join(', ')}.`);
  return { name: AGE_DATASET, kind: AGE_KIND, subset, source: `bundled:${AGE_DATASET}/${subset}`, contentHash: null, instances: chosen.flatMap(instancesOf), problems: chosen.flatMap((l) => l.problems) };
}

function loadFile(ref: DatasetRef): LoadedDataset {
  const list = loadAgeListFile(ref.file!);
  return { name: list.name, kind: AGE_KIND, subset: ref.subset ?? list.id, source: list.source, contentHash: list.contentHash, instances: instancesOf(list), problems: list.problems };
}

export const ageDatasets: DatasetSource = {
  bundled: () => [{ name: AGE_DATASET, title: 'AGE word lists (List A and ten news topics, 531 pairs)', kind: AGE_KIND, subsets: subsets(), defaultSubset: 'all' }],
  load: (ref) => (ref.file ? loadFile(ref) : loadBundled(ref)),
};
