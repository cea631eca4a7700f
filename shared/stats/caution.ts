import type { SuiteView } from '../api/explore-views';
import { fixed } from '../text/number';

/**
 * When a number needs a caution beside it, decided once for the engine's exports and the app alike:
 * too few episodes to print a mean, a sample small enough to read with care, a share of failed
 * episodes high enough to bias what is left, and which rows are best (ties included).
 */

/** The default minimum of episodes behind a printed mean (a setting of every view: `minEpisodes`). */
export const DEFAULT_MIN_EPISODES = 5;
/** Below this many episodes a mean is marked "small sample" (a 95% interval is then wide). */
export const SMALL_SAMPLE = 30;
/** A row whose failed or unfinished episodes reach this share of its episodes is marked: what is left may be the easy part. */
export const HIGH_ERROR_SHARE = 0.1;

export const tooFew = (n: number, minEpisodes: number): boolean => n < minEpisodes;

/** "too few (n = 3)": what a cell says instead of a mean. */
export const tooFewText = (n: number): string => `too few (n = ${n})`;

export interface RowCounts {
  episodes: number;
  errorsExcluded: number;
  unfinishedExcluded: number;
}

/** The share of a row's episodes that failed or never finished (0 when it has none). */
export function errorShare(row: RowCounts): number {
  const all = row.episodes + row.errorsExcluded + row.unfinishedExcluded;
  return all === 0 ? 0 : (row.errorsExcluded + row.unfinishedExcluded) / all;
}

export type Caution = { kind: 'too-few' | 'small-sample' | 'high-errors'; text: string };

/** What to say next to a row's numbers, most serious first. */
export function rowCautions(row: RowCounts, minEpisodes: number): Caution[] {
  const out: Caution[] = [];
  if (tooFew(row.episodes, minEpisodes)) out.push({ kind: 'too-few', text: `only ${row.episodes} ${row.episodes === 1 ? 'episode' : 'episodes'} (fewer than ${minEpisodes}): no mean is shown` });
  else if (row.episodes < SMALL_SAMPLE) out.push({ kind: 'small-sample', text: `small sample: ${row.episodes} episodes, read the intervals` });
  const share = errorShare(row);
  if (share >= HIGH_ERROR_SHARE) {
    const failed = row.errorsExcluded + row.unfinishedExcluded;
    out.push({ kind: 'high-errors', text: `${Math.round(share * 100)}% of episodes failed or unfinished (${failed} excluded): the rest may be the easier ones` });
  }
  return out;
}

/**
 * The rows holding the best value of a metric: only rows with at least `minEpisodes` behind the value,
 * and every row that ties at the printed precision (`digits`), so bold never depends on row order or
 * on a difference nobody can see. None for a metric without a direction.
 */
export function bestRows(
  rows: readonly { player: string; value: number | null; n: number }[],
  direction: 'higher' | 'lower' | 'none',
  digits: number,
  minEpisodes: number,
): string[] {
  if (direction === 'none') return [];
  const shown = rows.filter((r) => r.value !== null && Number.isFinite(r.value) && !tooFew(r.n, minEpisodes)).map((r) => ({ player: r.player, text: fixed(r.value!, digits) }));
  if (shown.length === 0) return [];
  const sign = direction === 'higher' ? 1 : -1;
  const top = shown.reduce((best, r) => (sign * (Number(r.text) - Number(best)) > 0 ? r.text : best), shown[0]!.text);
  return shown.filter((r) => r.text === top).map((r) => r.player);
}

/** Games whose players did not all play the same number of episodes (or some did not play it): their columns compare different instances. */
export function unevenGames(view: Pick<SuiteView, 'games' | 'rows'>): { label: string; low: number; high: number; missing: number }[] {
  return view.games.flatMap((g) => {
    const counts = view.rows.map((r) => r.games[g.id]).filter((c) => c && !c.cannotPlay).map((c) => c!.episodes);
    const missing = view.rows.filter((r) => !r.games[g.id]).length;
    if (!counts.length) return [];
    const [low, high] = [Math.min(...counts), Math.max(...counts)];
    return low === high && missing === 0 ? [] : [{ label: g.label, low, high, missing }];
  });
}

