/**
 * Pure helpers for reviewing a set: which items annotators disagree on, and the labels export's
 * column names as people read them.
 */
import type { AnnotationDisagreement } from '../../../shared/api/views';
import { goldAnswer, type LabelledItem } from './results';

/** What the disagreement list needs of an item besides its labels. */
export interface ItemPlace {
  itemId: number;
  position: number;
  round: number;
  instance: string;
}

/** Whether an item's annotators gave different labels (`ambiguous` counts as one): it waits for a ruling. */
export function isDisputed(item: LabelledItem): boolean {
  return new Set(item.labels.map((l) => l.answer)).size > 1;
}

/**
 * Items at least two annotators labelled differently, in set order, with each one's label, the
 * majority (null: an even split) and the ruling where a third person gave one (an item ruled on
 * stays listed even if its annotators have agreed since: the ruling still decides it).
 */
export function disagreements(items: readonly LabelledItem[], places: readonly ItemPlace[]): AnnotationDisagreement[] {
  const placeOf = new Map(places.map((p) => [p.itemId, p]));
  return items
    .filter((item) => isDisputed(item) || item.ruling)
    .map((item) => {
      const place = placeOf.get(item.itemId);
      const gold = goldAnswer(item.labels);
      return {
        itemId: item.itemId,
        position: place?.position ?? 0,
        episodeId: item.episodeId,
        round: place?.round ?? 0,
        instance: place?.instance ?? '',
        label: item.label,
        verdicts: [...item.labels].sort((a, b) => a.annotator.localeCompare(b.annotator)),
        majority: gold === 'tie' ? null : gold,
        ...(item.ruling ? { ruling: { answer: item.ruling.answer, adjudicator: item.ruling.adjudicator } } : {}),
      };
    })
    .sort((a, b) => a.position - b.position);
}

/** Core columns of the labels export whose readable name is not just the key in words. */
const READABLE: Record<string, string> = {
  set_id: 'Set',
  item_id: 'Item',
  run_id: 'Run',
  episode_id: 'Episode',
  labelled_at: 'Labelled at (UTC)',
};

/** A column key as a header: `run_id` → "Run", `correct_answer` → "Correct answer", `someModel` → "Some model". */
export function readableColumn(key: string): string {
  const known = READABLE[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Rows with readable column names, in the same order (two keys reading the same keep the key, so no column is lost). */
export function withReadableColumns(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]!);
  const seen = new Set<string>();
  const names = keys.map((k) => {
    const name = readableColumn(k);
    const unique = seen.has(name) ? k : name;
    seen.add(unique);
    return unique;
  });
  return rows.map((row) => Object.fromEntries(keys.map((k, i) => [names[i]!, row[k]])));
}
