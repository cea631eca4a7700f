/** Pure mappings from stored rows and games to what the UI shows. */
import type { EpisodeSummary, EpisodeView, EventView, GameInfo, InstanceView, KeyStatus, ModelProfile, RunDetail, RunSummary, SeatView } from '../../../shared/api/views';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';
import type { RunReport } from '../analysis/report';
import { subjectOf } from '../analysis/explore/select';
import { capabilityOf } from '../core/capability';
import type { EventRow } from '../core/events';
import { orderSeats, type Game, type InstanceRow } from '../core/game';
import { runCannotPlay } from '../capabilities/images/cannot-play';
import type { GameImages } from '../capabilities/images/provision';
import { gameById } from '../games/registry';
import { capabilityFields } from '../capabilities/checks';
import { defaultKeyEnv } from '../players/sdk-model';
import type { ProfileRow } from '../store/models';
import type { EpisodeRow, RunListRow, SeatPlayer } from '../store/store';

export { orderSeats };

export function seatView(s: SeatPlayer): SeatView {
  return { seat: s.seat, role: s.role, player: s.player, kind: s.playerKind, ...(s.given ? { given: s.given } : {}) };
}

export function runSummary(row: RunListRow, active: boolean): RunSummary {
  const game = gameById(row.game);
  const counted = row.outcomes.success + row.outcomes.failure + row.outcomes.aborted;
  return {
    id: row.id,
    name: row.name,
    game: row.game,
    dataset: row.datasetName,
    subset: row.subset,
    seats: orderSeats(row.seats, game).map(seatView),
    subject: subjectOf(row, game)?.name ?? '',
    status: row.status,
    active,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    done: row.done,
    errors: row.errors,
    total: row.episodes,
    outcomes: row.outcomes,
    successRate: counted ? row.outcomes.success / counted : null,
    cannotPlay: row.episodes === 0 ? runCannotPlay(game, row.config) : null,
    tags: row.tags,
    note: row.note,
  };
}

export function metricSummaries(report: RunReport, game: Game<unknown>): RunDetail['metrics'] {
  return game.metrics.map((m) => ({ ...m, value: report.metrics[m.key] ?? null }));
}

export function instanceView(i: InstanceRow): InstanceView {
  return { id: i.id, key: i.key, name: i.name, subset: i.subset, position: i.position, tags: i.tags, payload: i.payload };
}

export function episodeSummary(row: EpisodeRow): EpisodeSummary {
  return { id: row.id, runId: row.runId, instance: row.instance.name, repetition: row.repetition, status: row.status, outcome: row.outcome, scores: row.scores, errorKind: row.errorKind, invalid: row.invalid };
}

export function episodeView(row: EpisodeRow, game: Game<unknown>): EpisodeView {
  return {
    ...episodeSummary(row),
    game: row.game,
    dataset: row.datasetName,
    datasetKind: row.datasetKind,
    instanceView: instanceView(row.instance),
    seats: orderSeats(row.seats, game).map(seatView),
    seatScores: row.seatScores,
    seed: row.seed,
    error: row.error,
  };
}

export function eventView(e: EventRow): EventView {
  const seatView = { ...(e.message ? { message: e.message } : {}), ...(e.at !== null && e.at !== undefined ? { at: e.at } : {}), ...(e.keep !== null && e.keep !== undefined ? { keep: e.keep } : {}) };
  return { id: e.id, idx: e.idx, round: e.round, from: e.from, to: e.to, kind: e.kind, text: e.text, parts: e.parts, action: e.action, valid: e.valid, flags: e.flags, callId: e.callId, ...seatView };
}

/** What the New run form is told of a game's images: how many one message shows each role, and where to find them. */
function imagesInfo(images: GameImages | undefined): GameInfo['images'] {
  return images ? { perMessage: { ...images.perMessage }, hint: images.hint ?? null } : null;
}

export function gameInfo(game: Game<unknown>, subsetShape: (name: string, subset: string) => { instances: number; experiments: string[] }): GameInfo {
  // The capabilities' fields are GameInfo's, named at run time by their checks: the whole is GameInfo.
  return {
    id: game.id,
    title: game.title,
    shortTitle: game.shortTitle,
    roles: [...game.roles],
    metrics: [...game.metrics],
    view: game.view,
    defaultSettings: game.settings.parse({}),
    defaultRepetitions: game.settings.repetitions,
    builtinRoles: Object.keys(capabilityOf(game, 'builtins') ?? {}),
    images: imagesInfo(capabilityOf(game, 'images')),
    counterpart: capabilityOf(game, 'counterpart')?.game ?? null,
    // Each capability's field (training, probing…), null where the game does not provide it.
    ...capabilityFields(game),
    datasets: game.datasets.bundled().map((d) => ({ name: d.name, title: d.title, kind: d.kind, defaultSubset: d.defaultSubset ?? d.subsets[0] ?? '', subsets: d.subsets.map((s) => ({ name: s, ...subsetShape(d.name, s) })) })),
  } as GameInfo;
}

/** The name a model's key goes under: its apiKeyEnv, or the provider's usual variable. */
export function keyNameOf(config: Pick<ModelConfig, 'provider' | 'apiKeyEnv'>): string {
  return config.apiKeyEnv ?? defaultKeyEnv(config.provider);
}

/** Which key a model's calls use: its own typed key, else the environment variable, else none. */
export function keyStatus(config: ModelConfig, ownKey: boolean, env: NodeJS.ProcessEnv): KeyStatus {
  if (ownKey) return 'stored';
  if (env[keyNameOf(config)]) return 'environment';
  // A local OpenAI-compatible server with no key variable named needs none.
  return config.baseUrl && !config.apiKeyEnv ? 'not-needed' : 'missing';
}

/** `ownKey`: whether a key was typed for this profile (its vault entry exists). */
export function modelProfile(row: ProfileRow, ownKey: boolean, env: NodeJS.ProcessEnv): ModelProfile {
  const config = ModelConfigSchema.parse(row.config);
  return { id: row.id, name: row.name, config, keyName: keyNameOf(config), keyStatus: keyStatus(config, ownKey, env), updatedAt: row.updatedAt };
}
