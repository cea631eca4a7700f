import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DatasetError } from '../../core/datasets';

/**
 * Topics of the bundled EDA entities (`datasets/eda/<kind>/topics.csv`: split, line, then one column
 * per topic): Things → category; Celebrities → nationality, occupation, era, gender.
 */

export const TOPIC_KEYS: Record<string, readonly string[]> = {
  things: ['category'],
  celebrities: ['occupation', 'nationality', 'era', 'gender'],
};

/** The topic every view groups by first, and annotation strata call "category". */
export function primaryTopic(kind: string): string {
  return TOPIC_KEYS[kind]?.[0] ?? 'category';
}

const cache = new Map<string, Map<string, Record<string, string>>>();

/** Topics by `split\u0000line`; empty when the dataset has no topics file. */
export function loadTopics(root: string, kind: string): Map<string, Record<string, string>> {
  const path = resolve(root, 'eda', kind, 'topics.csv');
  const known = cache.get(path);
  if (known) return known;
  const topics = new Map<string, Record<string, string>>();
  if (existsSync(path)) {
    let records: Record<string, string>[];
    try {
      records = parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    } catch (error) {
      throw new DatasetError(`Topics file ${path} is not valid CSV: ${(error as Error).message}`);
    }
    for (const [i, { split, line, ...rest }] of records.entries()) {
      if (!split || !line) throw new DatasetError(`Topics file ${path}, row ${i + 2}: split and line are required.`);
      topics.set(`${split}\u0000${line}`, rest);
    }
  }
  cache.set(path, topics);
  return topics;
}
