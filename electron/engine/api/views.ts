import type { EpisodeSummary, ModelProfile, RunDetail, RunSummary, Transcript, KeyStatus } from '../../../shared/api/contract';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';
import { EDA_METRICS } from '../../../shared/games/eda';
import type { RunReport } from '../analysis/report';
import { defaultKeyEnv } from '../players/sdk-model';
import type { EpisodeRow, ProfileRow, RunListRow, TurnRow } from '../store/store';

/** Pure mappings from stored rows to what the UI shows. */

export function runSummary(row: RunListRow, active: boolean): RunSummary {
  return {
    id: row.id,
    name: row.name,
    game: row.game,
    dataset: row.datasetName,
    split: row.split,
    guesser: row.guesser,
    judge: row.judge,
    status: row.status,
    active,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    done: row.done,
    errors: row.errors,
    wins: row.wins,
    total: row.episodes,
    successRate: row.done ? row.wins / row.done : null,
  };
}

export function metricSummaries(report: RunReport): RunDetail['metrics'] {
  return EDA_METRICS.map((m) => ({ key: m.key, label: m.label, better: m.better, digits: m.digits, value: report.metrics[m.key] ?? null }));
}

export function episodeSummary(row: EpisodeRow): EpisodeSummary {
  const metric = (key: string) => row.metrics?.[key] ?? null;
  return {
    id: row.id,
    entity: row.entity,
    repetition: row.repetition,
    status: row.status,
    outcome: row.outcome,
    turns: metric('turns'),
    yes: metric('yes'),
    score: metric('score'),
    errorKind: row.errorKind,
  };
}

export function transcript(row: EpisodeRow, turns: readonly TurnRow[], mustGuessSuffix: string): Transcript {
  return {
    episode: {
      ...episodeSummary(row),
      runId: row.runId,
      aliases: row.aliases,
      seed: row.seed,
      error: row.error,
      guesser: row.players.guesser ?? '',
      judge: row.players.judge ?? '',
    },
    turns: turns.map((t) => ({
      idx: t.idx,
      question: t.guesserSent,
      generated: t.guesserGenerated !== t.guesserSent ? t.guesserGenerated : null,
      answer: t.judgeReply,
      label: t.judgeLabel,
      mustGuess: mustGuessSuffix !== '' && t.judgeReply.endsWith(mustGuessSuffix),
      flags: t.flags ?? [],
      guesserCallId: t.guesserCallId,
      judgeCallId: t.judgeCallId,
    })),
  };
}

/** The name a model's key goes under: its apiKeyEnv, or the provider's usual variable. */
export function keyNameOf(config: Pick<ModelConfig, 'provider' | 'apiKeyEnv'>): string {
  return config.apiKeyEnv ?? defaultKeyEnv(config.provider);
}

export function keyStatus(config: ModelConfig, inVault: boolean, env: NodeJS.ProcessEnv): KeyStatus {
  if (inVault) return 'stored';
  if (env[keyNameOf(config)]) return 'environment';
  // A local OpenAI-compatible server with no key variable named needs none.
  return config.baseUrl && !config.apiKeyEnv ? 'not-needed' : 'missing';
}

export function modelProfile(row: ProfileRow, inVault: (name: string) => boolean, env: NodeJS.ProcessEnv): ModelProfile {
  const config = ModelConfigSchema.parse(row.config);
  return { id: row.id, name: row.name, config, keyName: keyNameOf(config), keyStatus: keyStatus(config, inVault(keyNameOf(config)), env), updatedAt: row.updatedAt };
}
