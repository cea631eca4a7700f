/**
 * Parlor's clembench arithmetic on published numbers: the logged episode scores of one model (rows of
 * clembench-runs' raw.csv) aggregated by the suite's own functions give that model's results.csv
 * columns to two decimals: % played, quality and its std per game, and — where every game's rows are
 * here — the averages and clemscore.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { pooled } from '../../electron/engine/analysis/suite';
import { averageOverGames, clemscore, percentPlayed, quality } from '../../electron/engine/games/clembench/suite';

const DIR = join(import.meta.dirname, '../fixtures/clembench-runs');

function rows(path: string): Record<string, string>[] {
  return parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

/** A game's per-game columns from its raw.csv rows, as the suite computes them from stored scores. */
function fromRaw(path: string) {
  const sums = (values: number[]) => ({ n: values.length, sum: values.reduce((a, b) => a + b, 0), sum2: values.reduce((a, b) => a + b * b, 0) });
  const all = rows(path);
  const played = all.filter((r) => r.metric === 'Aborted').map((r) => 1 - Number(r.value));
  const main = all.filter((r) => r.metric === 'Main Score' && r.value !== '').map((r) => Number(r.value));
  const m = pooled(sums(main));
  return { episodes: played.length, played: percentPlayed(pooled(sums(played))), quality: quality(m), std: m.sd === null ? null : Math.round(m.sd * 100) / 100 };
}

function published(path: string, model: string): Record<string, number | null> {
  const row = rows(path).find((r) => (r[''] ?? '').startsWith(model))!;
  return Object.fromEntries(Object.entries(row).filter(([k]) => k !== '').map(([k, v]) => [k, v === '' ? null : Number(v)]));
}

const CASES = [
  { version: 'v1.6', game: 'referencegame', model: 'Meta-Llama-3-8B-Instruct-GGUF-q8', results: 'results-bb35275.csv' },
  { version: 'v1.6.5_ascii', game: 'matchit_ascii', model: 'gpt-4o-2024-05-13', results: 'results-gpt-4o-2024-05-13.csv' },
  { version: 'v1.6.5_ascii', game: 'matchit_ascii', model: 'gemini-1.5-flash-latest', results: 'results-gemini-1.5-flash-latest.csv' },
  { version: 'v1.6.5_ascii', game: 'textmapworld_graphreasoning', model: 'gpt-4o-2024-05-13', results: 'results-gpt-4o-2024-05-13.csv' },
  { version: 'v1.6.5_ascii', game: 'referencegame', model: 'gpt-4o-2024-05-13', results: 'results-gpt-4o-2024-05-13.csv' },
  { version: 'v1.6.5_ascii', game: 'textmapworld', model: 'gpt-4o-2024-05-13', results: 'results-gpt-4o-2024-05-13.csv' },
  { version: 'v1.6.5_ascii', game: 'textmapworld_specificroom', model: 'gpt-4o-2024-05-13', results: 'results-gpt-4o-2024-05-13.csv' },
];

describe('published clembench results', () => {
  it.each(CASES)('$game, $model ($version): % played, quality and its std equal results.csv', ({ version, game, model, results }) => {
    const ours = fromRaw(join(DIR, version, `raw-${game}-${model}.csv`));
    const theirs = published(join(DIR, version, results), model);
    expect(ours.played).toBe(theirs[`${game}, % Played`]);
    expect(ours.quality).toBe(theirs[`${game}, Quality Score`]);
    expect(ours.std).toBe(theirs[`${game}, Quality Score (std)`]);
  });

  const gpt4o = ['referencegame', 'matchit_ascii', 'textmapworld', 'textmapworld_specificroom', 'textmapworld_graphreasoning'];
  it('gpt-4o-2024-05-13 (v1.6.5_ascii): the averages over the five text games and the clemscore equal results.csv', () => {
    const perGame = gpt4o.map((g) => fromRaw(join(DIR, 'v1.6.5_ascii', `raw-${g}-gpt-4o-2024-05-13.csv`)));
    const theirs = published(join(DIR, 'v1.6.5_ascii', 'results-gpt-4o-2024-05-13.csv'), 'gpt-4o-2024-05-13');
    const avgPlayed = averageOverGames(perGame, 'played');
    const avgQuality = averageOverGames(perGame, 'quality');
    expect(avgPlayed).toBe(theirs['all, Average % Played']);
    expect(avgQuality).toBe(theirs['all, Average Quality Score']);
    expect(clemscore(avgPlayed, avgQuality)).toBe(theirs['-, clemscore']);
  });
});
