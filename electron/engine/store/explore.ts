/**
 * Reads for the views across runs. Leaderboards and heatmaps read sums kept by triggers (per run ×
 * repetition and per run × instance, per metric and seat), so they never scan events. Results are kept
 * until the database changes (a commit by any process, or a write of this connection), so looking at a
 * view again, or at another view over the same runs, costs nothing.
 */
import type { Db, Row } from './db';
import { SLOTS } from './packed-scores';

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

/** One metric's value in one counted episode, for one seat ('' the episode's own). */
export interface EpisodeValue {
  episodeId: number;
  runId: number;
  instanceId: number;
  seat: string;
  value: number;
}

export interface InstanceTagRow {
  id: number;
  name: string;
  subset: string;
  tags: Record<string, string>;
}

/** Two texts in SQLite's binary order. */
const binary = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** Metric, seat, then repetition. */
function byMetricSeatRepetition(a: RepSum, b: RepSum): number {
  return binary(a.metric, b.metric) || binary(a.seat, b.seat) || a.repetition - b.repetition;
}

/** Instance, then seat. */
function byInstanceSeat(a: Pick<InstanceSum, 'instanceId' | 'seat'>, b: Pick<InstanceSum, 'instanceId' | 'seat'>): number {
  return a.instanceId - b.instanceId || binary(a.seat, b.seat);
}

/**
 * Rows read as one row per run whose other columns are JSON arrays (SQLite writes a double with 17
 * digits, so it reads back the same double), zipped back into one object per element: in run order,
 * each run's in `order` (SQLite's aggregate follows its scan, which need not be that order). A row per
 * element is most of a view's time on a large file, spent making each row a JavaScript array.
 */
function perRunRows<T>(packed: readonly (readonly unknown[])[], row: (runId: number, columns: readonly unknown[][], k: number) => T, order: (a: T, b: T) => number): T[] {
  const out: T[] = [];
  for (const [runId, ...lists] of [...packed].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const columns = lists.map((list) => JSON.parse(String(list)) as unknown[]);
    const rows = columns[0]!.map((_, k) => row(Number(runId), columns, k));
    const sorted = rows.every((r, k) => k === 0 || order(rows[k - 1]!, r) < 0);
    out.push(...(sorted ? rows : rows.sort(order)));
  }
  return out;
}

/** `run_id, "[3,17,42]"` rows as run → instance ids. */
function jsonLists(rows: readonly [number, string][]): Map<number, number[]> {
  return new Map(rows.map(([runId, list]) => [Number(runId), JSON.parse(list) as number[]]));
}

export class ExploreQueries {
  private readonly memo = new Map<string, unknown>();
  private stamp = '';

  constructor(private readonly db: Db) {}

  /** Forgets every kept result (the benchmarks time the queries themselves with it). */
  forget(): void {
    this.memo.clear();
  }

  /** The value of a read, kept while the data stamp stays the same; the latest 64 reads are kept. */
  private kept<T>(key: string, read: () => T): T {
    const stamp = this.db.dataStamp();
    if (stamp !== this.stamp) {
      this.memo.clear();
      this.stamp = stamp;
    }
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = read();
    if (this.memo.size >= 64) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, value);
    return value;
  }

  /** Sums per run × repetition for every metric (rows with n > 0), in run, metric, seat, repetition order (read as `perRunRows`). */
  repetitionSums(runIds: readonly number[]): readonly RepSum[] {
    const runs = JSON.stringify(runIds);
    return this.kept(`rep:${runs}`, () =>
      perRunRows(
        this.db
          .q(`SELECT run_id, json_group_array(metric), json_group_array(seat), json_group_array(repetition), json_group_array(n), json_group_array(sum), json_group_array(sum2)
              FROM rep_sums WHERE run_id IN (SELECT value FROM json_each(?)) AND n > 0 GROUP BY run_id`)
          .raw()
          .all(runs) as unknown[][],
        (runId, [metric, seat, repetition, n, sum, sum2], k) => ({ runId, metric: String(metric![k]), seat: String(seat![k]), repetition: Number(repetition![k]), n: Number(n![k]), sum: Number(sum![k]), sum2: Number(sum2![k]) }),
        byMetricSeatRepetition,
      ),
    );
  }

  /** Each run's counted episodes (done, not marked invalid), from its per-repetition sums. */
  countedEpisodes(runIds: readonly number[]): ReadonlyMap<number, number> {
    const runs = JSON.stringify(runIds);
    return this.kept(`counted:${runs}`, () => new Map(
      (this.db.q(`SELECT run_id, SUM(n) FROM rep_sums WHERE run_id IN (SELECT value FROM json_each(?)) AND metric = '' AND seat = '' AND n > 0 GROUP BY run_id`).raw().all(runs) as [number, number][])
        .map(([runId, n]) => [Number(runId), Number(n)]),
    ));
  }

  /** Sums per run × instance of one metric (rows with n > 0) for one seat ('' the episode's), or every seat (null), in run, instance, seat order (read as `perRunRows`). */
  instanceSums(runIds: readonly number[], metric: string, seat: string | null = ''): readonly InstanceSum[] {
    const runs = JSON.stringify(runIds);
    return this.kept(`instance:${metric}:${seat ?? '\u0000'}:${runs}`, () =>
      perRunRows(
        this.db
          .q(`SELECT run_id, json_group_array(instance_id), json_group_array(seat), json_group_array(n), json_group_array(sum), json_group_array(sum2) FROM instance_sums
              WHERE run_id IN (SELECT value FROM json_each(?)) AND metric = ? AND (seat = ? OR ? IS NULL) AND n > 0 GROUP BY run_id`)
          .raw()
          .all(runs, metric, seat, seat) as unknown[][],
        (runId, [instance, s, n, sum, sum2], k) => ({ runId, instanceId: Number(instance![k]), seat: String(s![k]), n: Number(n![k]), sum: Number(sum![k]), sum2: Number(sum2![k]) }),
        byInstanceSeat,
      ),
    );
  }

  /** The instances each run counted an episode on (lists read as JSON arrays: one row per run, not per instance). */
  playedInstances(runIds: readonly number[]): ReadonlyMap<number, readonly number[]> {
    return this.kept(`played:${JSON.stringify(runIds)}`, () => jsonLists(
      this.db
        .q(`SELECT run_id, json_group_array(instance_id) FROM instance_sums
            WHERE run_id IN (SELECT value FROM json_each(?)) AND metric = '' AND seat = '' AND n > 0 GROUP BY run_id`)
        .raw()
        .all(JSON.stringify(runIds)) as [number, string][],
    ));
  }

  /** Instances a run has not finished: an episode on them errored, is unfinished, or was marked invalid (a partial index holds just these). */
  unfinishedInstances(runIds: readonly number[]): ReadonlyMap<number, readonly number[]> {
    return this.kept(`unfinished:${JSON.stringify(runIds)}`, () => jsonLists(
      this.db
        .q(`SELECT run_id, json_group_array(DISTINCT instance_id) FROM episodes
            WHERE run_id IN (SELECT value FROM json_each(?)) AND (status != 'done' OR invalid IS NOT NULL) GROUP BY run_id`)
        .raw()
        .all(JSON.stringify(runIds)) as [number, string][],
    ));
  }

  /**
   * Sums per run × repetition over the runs' counted episodes on these instances, every metric (and
   * the episode count as metric ''): one query for all runs, through the partial index of counted episodes.
   */
  repetitionSumsOn(runIds: readonly number[], instanceIds: readonly number[]): readonly RepSum[] {
    if (runIds.length === 0 || instanceIds.length === 0) return [];
    const [runs, instances] = [JSON.stringify(runIds), JSON.stringify(instanceIds)];
    return this.kept(`on:${runs}:${instances}`, () => this.readSumsOn(runs, instances));
  }

  /**
   * From the packed rows (`packed-scores.ts`): a row per counted episode and seat instead of one per
   * score, summed in the same order, so the same doubles. The runs' games name their metrics' columns;
   * a game with more metrics than the rows hold is summed from its scores.
   */
  private readSumsOn(runs: string, instances: string): RepSum[] {
    const slots = this.db
      .q(`SELECT r.id, sl.slot, sl.metric FROM runs r JOIN score_slots sl ON sl.game = r.game WHERE r.id IN (SELECT value FROM json_each(?))`)
      .raw()
      .all(runs) as [number, number, string][];
    const top = slots.reduce((m, [, slot]) => Math.max(m, slot), -1);
    if (top >= SLOTS) return this.readScoreSumsOn(runs, instances);
    const metricOf = new Map<number, string[]>();
    for (const [runId, slot, metric] of slots) {
      const list = metricOf.get(runId) ?? [];
      list[slot] = metric;
      metricOf.set(runId, list);
    }
    const columns = Array.from({ length: top + 1 }, (_, k) => `COUNT(v${k}), SUM(v${k}), SUM(v${k} * v${k})`);
    const rows = this.db
      .q(`SELECT run_id, seat, repetition, COUNT(*)${columns.map((c) => `, ${c}`).join('')} FROM counted_values
          WHERE run_id IN (SELECT value FROM json_each(:runs)) AND instance_id IN (SELECT value FROM json_each(:instances)) GROUP BY run_id, repetition, seat`)
      .raw()
      .all({ runs, instances }) as number[][];
    const out: RepSum[] = [];
    for (const row of rows) {
      const [runId, seat, repetition, episodes] = [Number(row[0]), String(row[1]), Number(row[2]), Number(row[3])];
      if (seat === '') out.push({ runId, metric: '', seat: '', repetition, n: episodes, sum: episodes, sum2: episodes });
      const metrics = metricOf.get(runId) ?? [];
      for (let k = 0; k <= top; k++) {
        const n = Number(row[4 + 3 * k]);
        if (n > 0 && metrics[k] !== undefined) out.push({ runId, metric: metrics[k]!, seat, repetition, n, sum: Number(row[5 + 3 * k]), sum2: Number(row[6 + 3 * k]) });
      }
    }
    return out;
  }

  /** The same sums from the scores joined to their episodes (a game whose metrics do not fit the packed rows). */
  private readScoreSumsOn(runs: string, instances: string): RepSum[] {
    const where = `e.run_id IN (SELECT value FROM json_each(:runs)) AND e.instance_id IN (SELECT value FROM json_each(:instances)) AND e.status = 'done' AND e.invalid IS NULL`;
    const rows = this.db
      .q(`SELECT e.run_id, s.metric, s.seat, e.repetition, COUNT(*), SUM(s.value), SUM(s.value * s.value)
          FROM episodes e JOIN scores s ON s.episode_id = e.id WHERE ${where} GROUP BY e.run_id, e.repetition, s.metric, s.seat
          UNION ALL
          SELECT e.run_id, '', '', e.repetition, COUNT(*), COUNT(*), COUNT(*) FROM episodes e WHERE ${where} GROUP BY e.run_id, e.repetition`)
      .raw()
      .all({ runs, instances }) as unknown[][];
    return rows.map(([runId, metric, seat, repetition, n, sum, sum2]) => ({ runId: Number(runId), metric: String(metric), seat: String(seat), repetition: Number(repetition), n: Number(n), sum: Number(sum), sum2: Number(sum2) }));
  }

  /** A metric's values per counted episode (done, not marked invalid) and seat, in episode, seat order: the samples of a significance test. */
  episodeValues(runIds: readonly number[], metric: string): readonly EpisodeValue[] {
    if (runIds.length === 0) return [];
    const runs = JSON.stringify(runIds);
    return this.kept(`values:${metric}:${runs}`, () =>
      (this.db
        .q(`SELECT e.id, e.run_id, e.instance_id, s.seat, s.value FROM episodes e JOIN scores s ON s.episode_id = e.id
            WHERE e.run_id IN (SELECT value FROM json_each(?)) AND e.status = 'done' AND e.invalid IS NULL AND s.metric = ? ORDER BY e.id, s.seat`)
        .raw()
        .all(runs, metric) as unknown[][]).map(([episodeId, runId, instanceId, seat, value]) => ({ episodeId: Number(episodeId), runId: Number(runId), instanceId: Number(instanceId), seat: String(seat), value: Number(value) })),
    );
  }

  /** The instances of these datasets with their tags. */
  instanceTags(datasetIds: readonly number[]): readonly InstanceTagRow[] {
    if (!datasetIds.length) return [];
    const ids = JSON.stringify(datasetIds);
    return this.kept(`tags:${ids}`, () =>
      (this.db.q(`SELECT id, name, subset, tags FROM instances WHERE dataset_id IN (SELECT value FROM json_each(?))`).all(ids) as Row[]).map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        subset: String(row.subset),
        tags: JSON.parse(String(row.tags)) as Record<string, string>,
      })),
    );
  }
}
