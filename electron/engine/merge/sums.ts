/**
 * The sums behind leaderboards and heatmaps (rep_sums, instance_sums, run_outcomes), which triggers keep
 * as episodes finish, recomputed from the counted episodes (done, not marked invalid) and their scores
 * after a merge: merged plays are counted once, whatever the triggers added and took away on the way.
 * Every run's, with sums rounded once (exact-sum.ts): the numbers then do not depend on which file was
 * the target or on the order episodes finished in, only on the scores.
 */
import type { Db } from '../store/db';
import { ExactSum } from './exact-sum';
import { ASSIGN_ALL_SLOTS, packRows, SEATS_OF_ALL } from '../store/packed-scores';

interface Sum {
  key: (string | number)[];
  n: number;
  sum: ExactSum;
  sum2: ExactSum;
}

export function recomputeSums(db: Db): void {
  const counted = `e.status = 'done' AND e.invalid IS NULL`;
  db.exec(`DELETE FROM main.rep_sums; DELETE FROM main.instance_sums; DELETE FROM main.run_outcomes;`);
  db.exec(`INSERT INTO main.run_outcomes (run_id, outcome, n) SELECT e.run_id, e.outcome, COUNT(*) FROM main.episodes e WHERE ${counted} AND e.outcome IS NOT NULL GROUP BY 1, 2;`);
  // The metric '' counts the episodes themselves.
  db.exec(`INSERT INTO main.rep_sums (run_id, metric, seat, repetition, n, sum, sum2) SELECT e.run_id, '', '', e.repetition, COUNT(*), COUNT(*), COUNT(*) FROM main.episodes e WHERE ${counted} GROUP BY 1, 4;
           INSERT INTO main.instance_sums (run_id, metric, seat, instance_id, n, sum, sum2) SELECT e.run_id, '', '', e.instance_id, COUNT(*), COUNT(*), COUNT(*) FROM main.episodes e WHERE ${counted} GROUP BY 1, 4;`);
  const byRepetition = new Map<string, Sum>();
  const byInstance = new Map<string, Sum>();
  const add = (sums: Map<string, Sum>, key: (string | number)[], value: number) => {
    const id = JSON.stringify(key);
    let s = sums.get(id);
    if (!s) sums.set(id, (s = { key, n: 0, sum: new ExactSum(), sum2: new ExactSum() }));
    s.n++;
    s.sum.add(value);
    s.sum2.add(value * value);
  };
  const scores = db.prepare(`SELECT e.run_id, e.repetition, e.instance_id, s.metric, s.seat, s.value FROM main.scores s JOIN main.episodes e ON e.id = s.episode_id WHERE ${counted}`).raw();
  for (const [run, repetition, instance, metric, seat, value] of scores.all() as [number, number, number, string, string, number][]) {
    add(byRepetition, [run, metric, seat, repetition], value);
    add(byInstance, [run, metric, seat, instance], value);
  }
  scores.raw(false);
  const write = (table: string, column: string, sums: Map<string, Sum>) => {
    const insert = db.prepare(`INSERT INTO main.${table} (run_id, metric, seat, ${column}, n, sum, sum2) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (const s of sums.values()) insert.run(...s.key, s.n, s.sum.value(), s.sum2.value());
  };
  write('rep_sums', 'repetition', byRepetition);
  write('instance_sums', 'instance_id', byInstance);
  // Each counted episode's packed row, again from its scores (merged or packed episodes changed under the triggers).
  db.exec(`DELETE FROM main.counted_values;`);
  db.exec(ASSIGN_ALL_SLOTS);
  db.exec(packRows(SEATS_OF_ALL));
}

