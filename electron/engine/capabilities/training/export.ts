/**
 * Training data from finished games, for any game that provides `training`: the chosen runs'
 * games as JSONL, either the trained seat's view as chats (successful games only, exactly what
 * fine-tuning takes; or all games with their outcome) or per-turn rewards for RL. Games on a held-out
 * split (EDA: test) are refused unless asked for, and then counted in the notes. Every line is checked
 * against its schema before it is returned.
 */
import type { z } from 'zod';
import { planOfRun } from '../../core/run-plan';
import { ChatLineSchema, ChatWithOutcomeLineSchema, RewardsLineSchema, type TrainingFormat } from '../../../../shared/contract/training';
import { capabilityOf } from '../../core/capability';
import { UserError } from '../../errors';

import type { Store } from '../../store/store';

export interface TrainingExportOptions {
  runIds: readonly number[];
  format: TrainingFormat;
  /** `successful`: won games only (behaviour cloning); `all`: every finished game with its outcome. */
  games: 'successful' | 'all';
  /** Only games on these subsets (splits); all by default. */
  subsets?: readonly string[];
  /** Export games on a held-out split (EDA: test) too. */
  allowHeldOut?: boolean;
  /** The reward rule (format `rewards`); the game's defaults otherwise. */
  rule?: unknown;
}

export interface TrainingExport {
  lines: string[];
  /** What the export holds and anything a researcher must know before training on it. */
  notes: string[];
  counts: { games: number; skipped: { unfinished: number; invalid: number; failed: number; subset: number } };
}

function checked<T extends z.ZodTypeAny>(schema: T, value: unknown, where: string): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`internal: the training line of ${where} does not fit its schema: ${parsed.error.issues[0]?.message}`);
  return JSON.stringify(parsed.data);
}

export function exportTraining(store: Store, options: TrainingExportOptions): TrainingExport {
  if (options.runIds.length === 0) throw new UserError('Choose at least one run to export training data from.');
  const lines: string[] = [];
  const notes: string[] = [];
  const skipped = { unfinished: 0, invalid: 0, failed: 0, subset: 0 };
  const heldOutGames = new Map<string, number>();
  const rules = new Set<string>();
  for (const runId of options.runIds) {
    const run = store.runs.get(runId);
    const { game, settings } = planOfRun(run);
    const training = capabilityOf(game, 'training');
    if (!training) throw new UserError(`Run ${runId} plays ${game.shortTitle}, which offers no training export.`);
    const rule = options.format === 'rewards' ? training.rewardRule(options.rule, settings) : null;
    if (rule) rules.add(JSON.stringify(rule));
    for (const episode of store.episodes.list(runId)) {
      if (options.subsets?.length && !options.subsets.includes(episode.instance.subset)) {
        skipped.subset++;
        continue;
      }
      if (episode.status !== 'done') {
        skipped.unfinished++;
        continue;
      }
      if (episode.invalid !== null) {
        skipped.invalid++;
        continue;
      }
      if (training.heldOut.includes(episode.instance.subset)) {
        if (!options.allowHeldOut) {
          throw new UserError(
            `Run ${runId} has games on the ${episode.instance.subset} split, which is held out for evaluation: a model trained on them cannot be evaluated on it. ` +
              `Choose other runs or splits, or allow held-out splits explicitly (--allow-test) to export them anyway.`,
          );
        }
        const key = `${game.id} ${episode.instance.subset}`;
        heldOutGames.set(key, (heldOutGames.get(key) ?? 0) + 1);
      }
      if (options.games === 'successful' && episode.outcome !== 'success') {
        skipped.failed++;
        continue;
      }
      const events = store.events.list(episode.id);
      const messages = training.dialogue(events, settings, episode.datasetKind);
      const seat = episode.seats.find((s) => s.seat === training.seat);
      const origin = {
        run: runId, episode: episode.id, game: game.id, dataset: episode.datasetName, subset: episode.instance.subset, instance: episode.instance.name,
        player: seat?.player ?? 'unknown', outcome: episode.outcome ?? 'unknown', scores: episode.scores ?? {},
      };
      const where = `episode ${episode.id}`;
      if (options.format === 'chat') {
        lines.push(options.games === 'successful' ? checked(ChatLineSchema, { messages }, where) : checked(ChatWithOutcomeLineSchema, { messages, ...origin }, where));
      } else {
        const turns = training.rewards(events, rule!);
        const total = Math.round(turns.reduce((sum, t) => sum + t.reward, 0) * 1e12) / 1e12;
        lines.push(checked(RewardsLineSchema, { ...origin, messages, turns, return: total, rule: rule! }, where));
      }
    }
  }
  notes.push(`${lines.length} game${lines.length === 1 ? '' : 's'} from run${options.runIds.length === 1 ? '' : 's'} ${options.runIds.join(', ')} as ${options.format === 'chat' ? 'chats' : 'per-turn rewards'}${options.games === 'successful' ? ' (successful games only)' : ''}.`);
  for (const [key, n] of heldOutGames) notes.push(`Includes ${n} game${n === 1 ? '' : 's'} on the held-out ${key.split(' ')[1]} split (${key.split(' ')[0]}): do not evaluate a model trained on this file on that split.`);
  if (rules.size) notes.push(`Reward rule: ${[...rules].join('; ')}.`);
  const left = Object.entries(skipped).filter(([, n]) => n > 0).map(([why, n]) => `${n} ${why === 'failed' ? 'not won' : why === 'subset' ? 'on other splits' : why}`);
  if (left.length) notes.push(`Left out: ${left.join(', ')}.`);
  return { lines, notes, counts: { games: lines.length, skipped } };
}
