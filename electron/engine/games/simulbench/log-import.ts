/**
 * The SimulBench reference scripts' outputs (SimulBench/SimulBench `src/script_based_eval.py` and
 * `src/lm_judge.py`), as `parlor import simulbench <folder>` reads them. Each test script has a folder
 * `<id>_<source_id>/` holding JSON records (`json.dump`, one per file):
 *
 * - `scoring_<model>.json`: the tested model's answer (`target_response`) and the judge's rating
 *   (`judgement`, `score`), a game of `simulbench`; `<model>.json` (the answer, `response.content`)
 *   counts too when it carries the judge's `judgement` and `score` itself;
 * - `pairwise_<ref>_vs_<target>.json` judged in both orders (`judgement_12`, `judgement_21`,
 *   `final_winner`): a game of `simulbench_pairwise`, the reference model in seat a (A in order 12).
 *
 * The answers and the judge's texts become the replies Parlor's master replays; the judge's ratings and
 * verdicts are read again by Parlor's own rule, and compared with what the reference recorded.
 */
import { basename, dirname, join } from 'node:path';
import type { InstanceInput } from '../../core/game';
import type { LoggedEpisodeInput, LogProblem, LogReading, LogSource } from '../../core/log-import';
import { logFiles, logText } from '../../core/log-files';
import { simulbenchDatasets, SIMULBENCH_DATASET } from './datasets';

type Json = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const contentOf = (v: unknown): string | null => text(v) ?? text((v as Json | null)?.content);

/** One record, or why the file is not one. */
function record(file: string): Json | string {
  const raw = logText(file, 'output file');
  if (typeof raw !== 'string') return raw.problem;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : 'not a JSON object: not an output record of SimulBench';
  } catch {
    return 'not JSON: not an output record of SimulBench';
  }
}

/** The reference's winner in both orders, as Parlor's metrics of seat a (the reference model). */
function loggedPair(winner: unknown): Record<string, number | null> | null {
  if (winner === 'A') return { win: 1, tie: 0, lose: 0 };
  if (winner === 'B') return { win: 0, tie: 0, lose: 1 };
  if (winner === 'tie') return { win: 0, tie: 1, lose: 0 };
  return null;
}

/** One episode from one record, or why it cannot be one (null: a file that is not a game, such as an answer left for the judge). */
function episodeOf(file: string, path: string, r: Json, instance: InstanceInput): LoggedEpisodeInput | string {
  const name = basename(file, '.json');
  const pairwise = /^pairwise_(.+)_vs_(.+)$/.exec(name);
  if (pairwise) {
    const [ref, target] = [text(r.ref_model) ?? pairwise[1]!, text(r.target_model) ?? pairwise[2]!];
    const [a, b, j12, j21] = [contentOf(r.ref_response), contentOf(r.target_response), text(r.judgement_12), text(r.judgement_21)];
    if (j12 === null || j21 === null) return 'a verdict in one order only ("direction" 12 or 21): Parlor judges every pair in both orders';
    if (a === null || b === null) return 'no ref_response or target_response';
    return {
      path, game: 'simulbench_pairwise', group: `${ref} vs ${target}`, models: { model_a: ref, model_b: target, judge: 'reference judge' }, instance,
      replies: { a: [a], b: [b], judge: [j12, j21] }, logged: loggedPair(r.final_winner), scoreKeys: { win: 'win', tie: 'tie', lose: 'lose' },
    };
  }
  const scoring = /^scoring_(.+)$/.exec(name);
  const model = text(r.target_model) ?? scoring?.[1] ?? name;
  const answer = scoring ? contentOf(r.target_response) : contentOf(r.response);
  const judgement = text(r.judgement);
  if (answer === null) return `no ${scoring ? 'target_response' : 'response'}: not an output record of SimulBench`;
  if (judgement === null) return `an answer without the judge's rating (its scoring_${model}.json holds it)`;
  const score = typeof r.score === 'number' ? r.score : null;
  return {
    path, game: 'simulbench', group: model, models: { simulator: model, judge: 'reference judge' }, instance,
    replies: { simulator: [answer], judge: [judgement] }, logged: { score }, scoreKeys: { score: 'score' },
  };
}

export function readSimulbenchOutputs(root: string): LogReading {
  const { base, files } = logFiles(root, '.json');
  const scripts = new Map(simulbenchDatasets.load({ name: SIMULBENCH_DATASET, subset: 'all' }).instances.map((i) => [i.key, i]));
  const episodes: LoggedEpisodeInput[] = [];
  const problems: LogProblem[] = [];
  // An answer whose scoring file is beside it is read from the scoring file alone.
  const scored = new Set(files.map((f) => f.file).filter((f) => basename(f).startsWith('scoring_')).map((f) => join(dirname(f), basename(f).slice('scoring_'.length))));
  for (const { file, path } of files) {
    if (scored.has(file)) continue;
    const r = record(file);
    if (typeof r === 'string') {
      problems.push({ path, message: r });
      continue;
    }
    const id = r.id === undefined || r.id === null ? null : String(r.id);
    if (id === null) {
      problems.push({ path, message: 'no "id": not an output record of SimulBench' });
      continue;
    }
    const instance = scripts.get(id);
    if (!instance) {
      problems.push({ path, message: `no test script with id ${id} in SimulBench's released 500` });
      continue;
    }
    const episode = episodeOf(file, path, r, instance);
    if (typeof episode === 'string') problems.push({ path, message: episode });
    else episodes.push(episode);
  }
  return { root: base, episodes, problems, unknownGames: {} };
}

export const simulbenchOutputsSource: LogSource = {
  id: 'simulbench',
  title: "SimulBench's outputs (<id>_<source_id>/scoring_<model>.json, pairwise_<ref>_vs_<target>.json)",
  read: (root) => readSimulbenchOutputs(root),
};
