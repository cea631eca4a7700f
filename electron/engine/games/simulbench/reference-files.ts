/**
 * A run as SimulBench's reference scripts write their outputs (`src/lm_judge.py`): per test script a
 * folder `<id>_<source_id>/` holding `scoring_<model>.json` (a rated answer: the script's keys, `score`,
 * `judgement`, `target_model`, `target_response`) or `pairwise_<a>_vs_<b>.json` (both orders:
 * `winner_12`, `judgement_12`, `winner_21`, `judgement_21`, `final_winner`, seat a as the reference model,
 * A in order 12). `parlor import simulbench` reads them back into the same answers, verdicts and scores.
 * The judge's accepted reply is written (a reply Parlor asked again for is not: the reference keeps one).
 */
import type { RunFileEpisode } from '../../capabilities/run-files/provision';
import { actionOf, type EventRecord } from '../../core/events';
import { scriptOf } from './answer';
import type { Script } from './scripts';

type Run = { readonly seats: readonly { readonly seat: string; readonly player: string }[] };

const playerOf = (run: Run, seat: string) => run.seats.find((s) => s.seat === seat)?.player ?? seat;
/** A model's name as a file name takes it (the reference keeps what follows the last "/"). */
const fileModel = (model: string) => model.replace(/[/\\]/g, '_');
const answerOf = (events: readonly EventRecord[], seat: string) => events.find((e) => e.from === seat && e.kind === 'response')?.text ?? null;
const sampleOf = (s: Script) => ({ id: s.id, source_id: s.source_id, act: s.act, task_description: s.task_description, type: s.type, source_file: s.source_file_name, turn_num: s.turn_num, dialogue_history: s.dialogue_history });
const folderOf = (s: Script) => `${s.id}_${s.source_id}`;
const json = (value: unknown) => `${JSON.stringify(value, null, 4)}\n`;

export function simulbenchSingleFiles(episodes: readonly RunFileEpisode[], run: Run): { path: string; content: string }[] {
  const model = playerOf(run, 'simulator');
  return episodes.flatMap((e) => {
    const script = scriptOf(e.instance.payload);
    const answer = answerOf(e.events, 'simulator');
    const judged = e.events.find((x) => x.from === 'judge' && x.valid === true);
    if (answer === null || !judged) return [];
    const record = { ...sampleOf(script), score: Number(actionOf(judged).rating), judgement: judged.text, target_model: model, target_response: answer, ref_model: null, ref_response: null, messages: [] };
    return [{ path: `${folderOf(script)}/scoring_${fileModel(model)}.json`, content: json(record) }];
  });
}

const winnerOf = (verdict: unknown) => (verdict === 'A' ? 'A' : verdict === 'B' ? 'B' : 'tie');

export function simulbenchPairwiseFiles(episodes: readonly RunFileEpisode[], run: Run): { path: string; content: string }[] {
  const [a, b] = [playerOf(run, 'a'), playerOf(run, 'b')];
  return episodes.flatMap((e) => {
    const script = scriptOf(e.instance.payload);
    const [ra, rb] = [answerOf(e.events, 'a'), answerOf(e.events, 'b')];
    const order = (o: 'ab' | 'ba') => e.events.find((x) => x.from === 'judge' && x.valid === true && actionOf(x).order === o);
    const [ab, ba] = [order('ab'), order('ba')];
    if (ra === null || rb === null || !ab || !ba) return [];
    const [w12, w21] = [winnerOf(actionOf(ab).verdict), winnerOf(actionOf(ba).verdict)];
    const final = w12 === 'A' && w21 === 'B' ? 'A' : w12 === 'B' && w21 === 'A' ? 'B' : 'tie';
    const record = { ...sampleOf(script), final_winner: final, target_model: b, target_response: rb, ref_model: a, ref_response: ra, winner_12: w12, judgement_12: ab.text, messages_12: [], winner_21: w21, judgement_21: ba.text, messages_21: [] };
    return [{ path: `${folderOf(script)}/pairwise_${fileModel(a)}_vs_${fileModel(b)}.json`, content: json(record) }];
  });
}
