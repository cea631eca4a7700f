/**
 * The optional LLM tagger of failure modes: one call per finished episode with the game's prompt
 * (the transcript, the modes, JSON wanted back); its tags are checked against the game's modes and
 * moves and stored as suggestions beside the rule-based ones. Episodes it read are skipped on a rerun;
 * a failed call or an unreadable reply is stored as such and the others go on.
 */
import PQueue from 'p-queue';
import { planOfRun } from '../../core/run-plan';
import { z } from 'zod';
import { modelLabel, ModelConfigSchema, type ModelConfig } from '../../../../shared/contract/models';
import { capabilityOf } from '../../core/capability';
import type { CallRef } from '../../core/events';
import { describeError, UserError } from '../../errors';

import { createModel, type ModelFactory } from '../../players/factory';
import type { Store } from '../../store/store';
import { failureTagStore } from './store';

const TagsSchema = z.array(z.object({ turn: z.number().int(), mode: z.string(), reason: z.string().default('') }).passthrough());

/** The JSON array in a reply (models wrap it in prose or code fences); null when there is none. */
export function readTaggerReply(text: string): { turn: number; mode: string; reason: string }[] | null {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end < start) return null;
  try {
    const parsed = TagsSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data.map(({ turn, mode, reason }) => ({ turn, mode, reason })) : null;
  } catch {
    return null;
  }
}

/** The source a tagger's suggestions are stored under. */
export function taggerSource(config: Pick<ModelConfig, 'provider' | 'model'>): string {
  return `llm:${modelLabel(config)}`;
}

export interface TaggerResult {
  source: string;
  tagged: number;
  alreadyTagged: number;
  failed: number;
  tags: number;
  /** Tags naming an unknown mode or a turn the episode does not have: dropped. */
  dropped: number;
}

export async function tagWithModel(
  store: Store,
  runIds: readonly number[],
  modelInput: z.input<typeof ModelConfigSchema>,
  options: { createModel?: ModelFactory; concurrency?: number; signal?: AbortSignal; onEpisode?: (done: number, total: number) => void } = {},
): Promise<TaggerResult> {
  const config = ModelConfigSchema.parse(modelInput);
  const source = taggerSource(config);
  const model = (options.createModel ?? createModel)(config, {});
  const modelConfigId = store.models.ensureConfig(config);
  const result: TaggerResult = { source, tagged: 0, alreadyTagged: 0, failed: 0, tags: 0, dropped: 0 };
  const tagStore = store.module(failureTagStore);
  const work: (() => Promise<void>)[] = [];
  for (const runId of runIds) {
    const run = store.runs.get(runId);
    const { game } = planOfRun(run);
    const hooks = capabilityOf(game, 'failure-modes');
    if (!hooks) throw new UserError(`Run ${runId} plays ${game.shortTitle}, which has no failure-mode tags.`);
    const done = tagStore.taggedEpisodes(runId, source);
    for (const episode of store.episodes.list(runId)) {
      if (episode.status !== 'done' || episode.invalid !== null) continue;
      if (done.has(episode.id)) {
        result.alreadyTagged++;
        continue;
      }
      work.push(async () => {
        const events = store.events.list(episode.id);
        let ref: CallRef | null = null;
        try {
          const reply = await model.complete(
            { messages: [{ role: 'user', content: hooks.taggerPrompt(events, hooks.modes) }], temperature: 0, maxTokens: 1024 },
            { ...(options.signal ? { signal: options.signal } : {}), onAttempt: (a) => (ref = store.models.recordCall({ ...a, runId: null, episodeId: episode.id, round: null, role: 'tagger', modelConfigId })) },
          );
          store.flush();
          const read = readTaggerReply(reply.text);
          if (!read) {
            tagStore.saveTagged(episode.id, source, [], ref, `the reply is not the JSON array asked for: ${reply.text.slice(0, 120)}`);
            result.failed++;
            return;
          }
          const modes = new Set(hooks.modes.map((m) => m.id));
          const rounds = new Set(hooks.rounds(events));
          const kept = read.filter((t) => modes.has(t.mode) && rounds.has(t.turn)).map((t) => ({ round: t.turn, mode: t.mode, reason: t.reason }));
          result.dropped += read.length - kept.length;
          tagStore.saveTagged(episode.id, source, kept, ref);
          result.tagged++;
          result.tags += kept.length;
        } catch (error) {
          if (options.signal?.aborted) throw error;
          store.flush();
          tagStore.saveTagged(episode.id, source, [], ref, describeError(error));
          result.failed++;
        }
      });
    }
  }
  const queue = new PQueue({ concurrency: options.concurrency ?? 8 });
  let finished = 0;
  // Held while tagging: a group commit lost meanwhile reaches every job in flight at its next flush, and
  // the store takes writes again once they have all stopped (a run sharing the store may have lost writes too).
  const release = store.hold();
  try {
    await Promise.all(work.map((job) => queue.add(async () => {
      await job();
      options.onEpisode?.(++finished, work.length);
    })));
  } finally {
    // A job that failed stops the rest: those not started never will, those in flight finish first.
    queue.clear();
    await queue.onIdle();
    release();
  }
  return result;
}
