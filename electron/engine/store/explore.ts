/**
 * Reads for the views across runs. Leaderboards and heatmaps read sums kept by triggers (per run ×
 * repetition and per run × instance, per metric and seat), so they never scan episodes or events.
 */
import type { Db, Row } from './db';
import { marks } from './rows';

export interface RepSum {
  runId: number;
  metric: string;
  seat: string;
  repetition: number;
  n: number;
  sum: number;
  sum2: number;
}

export interface InstanceSum {
  runId: number;
  instanceId: number;
  seat: string;
  n: number;
  sum: number;
  sum2: number;
}

export interface InstanceTagRow {
  id: number;
  name: string;
  subset: string;
  tags: Record<string, string>;
}

const CHUNK = 500;

export class ExploreQueries {
  constructor(private readonly db: Db) {}

  /** Sums per run × repetition for every metric (rows with n > 0), in run, repetition order per metric. */
  repetitionSums(runIds: readonly number[]): RepSum[] {
    return this.chunked(runIds, (ids) =>
      (this.db.dynamic(`SELECT run_id, metric, seat, repetition, n, sum, sum2 FROM rep_sums WHERE run_id IN (${marks(ids)}) AND n > 0 ORDER BY run_id, metric, seat, repetition`).raw().all(...ids) as unknown[][]).map(
        ([runId, metric, seat, repetition, n, sum, sum2]) => ({ runId: Number(runId), metric: String(metric), seat: String(seat), repetition: Number(repetition), n: Number(n), sum: Number(sum), sum2: Number(sum2) }),
      ),
    );
  }

  /** Sums per run × instance of one metric (rows with n > 0), in run, instance order. */
  instanceSums(runIds: readonly number[], metric: string, seat = ''): InstanceSum[] {
    return this.chunked(runIds, (ids) =>
      (this.db.dynamic(`SELECT run_id, instance_id, seat, n, sum, sum2 FROM instance_sums WHERE run_id IN (${marks(ids)}) AND metric = ? AND seat = ? AND n > 0 ORDER BY run_id, instance_id`).raw().all(...ids, metric, seat) as unknown[][]).map(
        ([runId, instanceId, s, n, sum, sum2]) => ({ runId: Number(runId), instanceId: Number(instanceId), seat: String(s), n: Number(n), sum: Number(sum), sum2: Number(sum2) }),
      ),
    );
  }

  /** Instances a run has not finished: an episode on them errored, is unfinished, or was marked invalid. */
  unfinishedInstances(runIds: readonly number[]): { runId: number; instanceId: number }[] {
    return this.chunked(runIds, (ids) =>
      (this.db.dynamic(`SELECT DISTINCT run_id, instance_id FROM episodes WHERE run_id IN (${marks(ids)}) AND (status != 'done' OR invalid IS NOT NULL)`).raw().all(...ids) as unknown[][]).map(
        ([runId, instanceId]) => ({ runId: Number(runId), instanceId: Number(instanceId) }),
      ),
    );
  }

  /** Sums per repetition over a run's counted episodes on these instances (to compare on common instances). */
  repetitionSumsOn(runId: number, instanceIds: readonly number[]): RepSum[] {
    const out = new Map<string, RepSum>();
    for (let i = 0; i < instanceIds.length; i += CHUNK) {
      const chunk = instanceIds.slice(i, i + CHUNK);
      const rows = this.db
        .dynamic(`SELECT e.repetition, s.metric, s.seat, COUNT(*) AS n, SUM(s.value) AS sum, SUM(s.value * s.value) AS sum2
                  FROM episodes e JOIN scores s ON s.episode_id = e.id
                  WHERE e.run_id = ? AND e.instance_id IN (${marks(chunk)}) AND e.status = 'done' AND e.invalid IS NULL
                  GROUP BY e.repetition, s.metric, s.seat
                  UNION ALL
                  SELECT e.repetition, '', '', COUNT(*), COUNT(*), COUNT(*) FROM episodes e
                  WHERE e.run_id = ? AND e.instance_id IN (${marks(chunk)}) AND e.status = 'done' AND e.invalid IS NULL
                  GROUP BY e.repetition`)
        .all(runId, ...chunk, runId, ...chunk) as Row[];
      for (const r of rows) {
        const key = `${r.metric}\u0000${r.seat}\u0000${r.repetition}`;
        const known = out.get(key) ?? { runId, metric: String(r.metric), seat: String(r.seat), repetition: Number(r.repetition), n: 0, sum: 0, sum2: 0 };
        out.set(key, { ...known, n: known.n + Number(r.n), sum: known.sum + Number(r.sum), sum2: known.sum2 + Number(r.sum2) });
      }
    }
    return [...out.values()].sort((a, b) => a.metric.localeCompare(b.metric) || a.seat.localeCompare(b.seat) || a.repetition - b.repetition);
  }

  /** The instances of these datasets with their tags. */
  instanceTags(datasetIds: readonly number[]): InstanceTagRow[] {
    if (!datasetIds.length) return [];
    return (this.db.dynamic(`SELECT id, name, subset, tags FROM instances WHERE dataset_id IN (${marks(datasetIds)})`).all(...datasetIds) as Row[]).map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      subset: String(row.subset),
      tags: JSON.parse(String(row.tags)) as Record<string, string>,
    }));
  }

  private chunked<T>(ids: readonly number[], read: (chunk: readonly number[]) => T[]): T[] {
    if (ids.length <= CHUNK) return ids.length ? read(ids) : [];
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...read(ids.slice(i, i + CHUNK)));
    return out;
  }
}
