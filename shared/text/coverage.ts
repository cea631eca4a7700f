/**
 * What a cross-run view's instances are, in words: the page's note, the LaTeX captions and the CSV
 * notes say the same thing about who narrowed the compared instances and who did not, and why.
 */
import type { InstanceCoverage } from '../api/explore-views';

type CommonCoverage = Extract<InstanceCoverage, { mode: 'common' }>;
export type OutsidePlayer = CommonCoverage['outside'][number];

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const episodesText = (n: number) => `${n} ${n === 1 ? 'episode' : 'episodes'}`;

/** Why one player does not narrow the comparison: "human:ada (a person, 1 episode)", "x (3 episodes, fewer than the minimum of 5)". */
export function outsideReason(o: OutsidePlayer, minEpisodes: number): string {
  return o.reason === 'human' ? `${o.player} (a person, ${episodesText(o.episodes)})` : `${o.player} (${episodesText(o.episodes)}, fewer than the minimum of ${minEpisodes})`;
}

/**
 * "human:ada (a person, 1 episode) does not narrow the comparison: shown on those entities only.", or
 * the sentence for "no player qualified"; '' when every player narrows it as asked.
 */
export function outsideText(c: InstanceCoverage, instances: string): string {
  if (c.mode !== 'common') return '';
  if (c.everyoneShapes) return `No player other than a person has the minimum of ${c.minEpisodes} episodes, so every player narrows the comparison.`;
  if (!c.outside.length) return '';
  const verb = c.outside.length === 1 ? 'does' : 'do';
  return `${listText(c.outside.map((o) => outsideReason(o, c.minEpisodes)))} ${verb} not narrow the comparison: shown on those ${instances} only.`;
}

/** Why the left-out instances are out: failed or unfinished episodes, instances not every comparing player played, or both. */
export function leftOutText(c: CommonCoverage): string {
  const out = c.total - c.common;
  const failed = c.leftOutByFailures;
  if (failed === out) return `${out} left out because some player’s episode on them failed or is unfinished`;
  if (failed === 0) return `${out} left out because not every compared player played them`;
  return `${out} left out: ${failed} because some player’s episode on them failed or is unfinished, ${out - failed} because not every compared player played them`;
}
