import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { EpisodeStatus, MeanStd } from '../../../shared/contract/records';

export interface EpisodeForReport {
  repetition: number;
  status: EpisodeStatus;
  /** Episode-level scores; a metric absent from them is not scored (e.g. an aborted episode's quality). */
  scores: Record<string, number> | null;
  /** Excluded by a reviewer. */
  invalid?: string | null;
}

export interface RepetitionSummary {
  repetition: number;
  episodes: number;
  means: Record<string, number>;
  /** Episodes that have each metric (an aborted episode may have none of some). */
  counts: Record<string, number>;
}

export interface RunReport {
  metrics: Record<string, MeanStd | null>;
  repetitions: RepetitionSummary[];
  episodes: number;
  done: number;
  errors: number;
  unfinished: number;
  /** Finished but marked invalid by a reviewer: excluded and counted. */
  invalid: number;
}

/**
 * The paper's Table 1 aggregation: each metric's mean over the finished episodes of a repetition
 * that have it, then mean ± sample standard deviation of those per-repetition means. Errored and
 * unfinished episodes are excluded and counted, never scored as losses; a metric an episode lacks
 * (not scored, e.g. quality of an aborted game) is left out of that metric's mean, not counted as 0.
 */
export function summarizeRun(episodes: readonly EpisodeForReport[], keys: readonly string[]): RunReport {
  const done = episodes.filter((e) => e.status === 'done' && e.scores && !e.invalid);
  const byRep = new Map<number, Record<string, number>[]>();
  for (const e of done) {
    const list = byRep.get(e.repetition) ?? [];
    list.push(e.scores!);
    byRep.set(e.repetition, list);
  }
  const repetitions = [...byRep.entries()]
    .sort(([a], [b]) => a - b)
    .map(([repetition, list]) => {
      const values = (k: string) => list.flatMap((m) => (m[k] === undefined ? [] : [m[k]]));
      const present = keys.filter((k) => values(k).length > 0);
      return {
        repetition,
        episodes: list.length,
        means: Object.fromEntries(present.map((k) => [k, mean(values(k))])),
        counts: Object.fromEntries(keys.map((k) => [k, values(k).length])),
      };
    });
  const metrics = Object.fromEntries(
    keys.map((k) => {
      const values = repetitions.flatMap((r) => (r.means[k] === undefined ? [] : [r.means[k]]));
      if (values.length === 0) return [k, null];
      return [k, { mean: mean(values), std: values.length > 1 ? sampleStandardDeviation(values) : null }];
    }),
  );
  return {
    metrics,
    repetitions,
    episodes: episodes.length,
    done: done.length,
    errors: episodes.filter((e) => e.status === 'error').length,
    unfinished: episodes.filter((e) => e.status === 'pending' || e.status === 'running').length,
    invalid: episodes.filter((e) => e.status === 'done' && e.invalid).length,
  };
}
