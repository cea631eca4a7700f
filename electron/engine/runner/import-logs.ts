/**
 * Episodes from another harness's logs into Parlor's tables: one run per group (clembench: model pair)
 * and game, on the bundled dataset that holds the very instances, else on a dataset made of the logged
 * instances. Each episode is replayed through Parlor's own game master with the logged replies, scored
 * by Parlor's scorer and compared with the logged scores; every difference is reported.
 */
import { seatModel } from '../../../shared/contract/run';
import { planOfConfig } from '../core/run-plan';
import { createHash } from 'node:crypto';
import { unstoredRow, type Game, type InstanceInput, type LoadedDataset } from '../core/game';
import type { LoggedEpisodeInput, LogProblem, LogReading } from '../core/log-import';

import { gameById } from '../games/registry';
import { capabilityOf } from '../core/capability';
import type { FolderIndex } from '../capabilities/images/folders';
import { importImages, type ImportedImages } from '../capabilities/images/import-images';
import type { Store } from '../store/store';
import { storeRun } from './prepare';
import { playEpisodeFromLog } from './replay-log';

export interface ScoreDifference {
  path: string;
  key: string;
  logged: number | null;
  parlor: number | null;
  /** A difference of a known kind, in words (the log's harness reads the score another way); absent otherwise. */
  why?: string;
}

export interface ImportReport {
  runs: { runId: number; group: string; game: string; dataset: string; episodes: number; skipped: boolean }[];
  episodes: number;
  /** Episodes with logged scores to compare. */
  compared: number;
  /** Compared episodes whose every logged score Parlor reproduced. */
  agreed: number;
  differences: ScoreDifference[];
  /** Episodes Parlor could not replay (the log ended before Parlor's rules did). */
  errors: LogProblem[];
  /** Episodes whose log holds replies Parlor's master never asked for (its game ended earlier). */
  extraReplies: { path: string; seats: Record<string, number> }[];
  problems: LogProblem[];
  unknownGames: Record<string, number>;
  images: ImportedImages;
}

export interface ImportOptions {
  onEpisode?: (done: number, total: number) => void;
  /** The user's image folders, searched after the log's own folder. */
  imageFolders?: readonly string[];
}

/** The images of a group's instances, for a game that shows images; the stand-in card for those nobody has. */
async function groupImages(store: Store, game: Game<unknown>, settings: unknown, instances: readonly InstanceInput[], folders: readonly string[], report: ImportReport, indexes: Map<string, FolderIndex>) {
  const images = capabilityOf(game, 'images');
  if (!images) return undefined;
  return importImages(store, images, settings, instances.map((i, position) => unstoredRow(i, 'all', position)), folders, report.images, indexes);
}

const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

/** The bundled subset holding every one of these instances as they were logged, or a dataset of them. */
function datasetFor(game: Game<unknown>, instances: readonly InstanceInput[]): LoadedDataset {
  const logged = instances.map((i) => [i.key, canonical(i.payload)] as const);
  for (const d of game.datasets.bundled()) {
    for (const subset of d.subsets) {
      const loaded = game.datasets.load({ name: d.name, subset });
      // Looked up by key: the logged instances are unique, so each bundled payload is compared once.
      const bundled = new Map(loaded.instances.map((b) => [b.key, b.payload]));
      if (logged.every(([key, payload]) => bundled.has(key) && canonical(bundled.get(key)) === payload)) return loaded;
    }
  }
  const hash = createHash('sha256').update(canonical(instances.map((i) => [i.key, i.payload]))).digest('hex');
  return { name: `logged@${hash.slice(0, 8)}`, kind: game.datasets.bundled()[0]?.kind ?? game.id, subset: 'all', source: 'imported log', contentHash: hash, instances: [...instances], problems: [] };
}

function scoreDifferences(episode: LoggedEpisodeInput, outcome: string, scores: readonly { seat?: string; metric: string; value: number }[]): ScoreDifference[] {
  const ours = Object.fromEntries(scores.map((s) => [`${s.seat ?? ''}\u0000${s.metric}`, s.value]));
  const keys: [string, { seat: string; metric: string }][] = [
    ...Object.entries(episode.scoreKeys).map(([key, metric]) => [key, { seat: '', metric }] as [string, { seat: string; metric: string }]),
    ...Object.entries(episode.seatScoreKeys ?? {}),
  ];
  const out: ScoreDifference[] = [];
  for (const [key, { seat, metric }] of keys) {
    if (!episode.logged || !(key in episode.logged)) continue;
    const theirs = episode.logged[key] ?? null;
    const mine = metric === 'aborted' ? (outcome === 'aborted' ? 1 : 0) : (ours[`${seat}\u0000${metric}`] ?? null);
    const same = theirs === null || mine === null ? theirs === mine : Math.abs(theirs - mine) < 1e-9;
    if (!same) out.push({ path: episode.path, key, logged: theirs, parlor: mine });
  }
  return out;
}

export async function importLogs(store: Store, reading: LogReading, options: ImportOptions = {}): Promise<ImportReport> {
  const onEpisode = options.onEpisode ?? (() => {});
  const report: ImportReport = { runs: [], episodes: 0, compared: 0, agreed: 0, differences: [], errors: [], extraReplies: [], problems: [...reading.problems], unknownGames: { ...reading.unknownGames }, images: { needed: 0, found: 0, missing: [] } };
  const imageFolders = [...(reading.root ? [reading.root] : []), ...(options.imageFolders ?? [])];
  // Each folder is indexed once for the whole import.
  const folderIndexes = new Map<string, FolderIndex>();
  const groups = new Map<string, LoggedEpisodeInput[]>();
  for (const e of reading.episodes) {
    const key = `${e.group}\u0000${e.game}`;
    const list = groups.get(key) ?? [];
    list.push(e);
    groups.set(key, list);
  }
  const total = reading.episodes.length;
  let done = 0;
  for (const episodes of groups.values()) {
    const { game: gameId, group, models } = episodes[0]!;
    const game = gameById(gameId);
    const unique = [...new Map(episodes.map((e) => [e.instance.key, e.instance])).values()];
    const dataset = datasetFor(game, unique);
    const name = `imported ${group} ${gameId}`;
    const existing = store.runs.all().find((r) => r.name === name && r.game === gameId && r.datasetName === dataset.name);
    if (existing) {
      report.runs.push({ runId: existing.id, group, game: gameId, dataset: dataset.name, episodes: episodes.length, skipped: true });
      done += episodes.length;
      onEpisode(done, total);
      continue;
    }
    const players = Object.fromEntries(game.roles.map((r) => [r.id, { provider: 'imported' as const, model: models[r.id] ?? group }]));
    const settings = game.settings.parse({});
    const config = { ...planOfConfig({ name, game: gameId, dataset: { name: dataset.name, subset: dataset.subset, kind: dataset.kind }, players, repetitions: 1, concurrency: 1, preflight: false, seed: 0, settings }).config, seed: 0, repetitions: 1 };
    const instances = unique.map((u) => dataset.instances.find((i) => i.key === u.key)!);
    const missingImage = await groupImages(store, game, settings, instances, imageFolders, report, folderIndexes);
    const runId = storeRun(store, game, config, dataset, instances);
    const configIds = Object.fromEntries(Object.keys(config.players).map((role) => [role, store.models.ensureConfig(seatModel(config.players, role))]));
    store.runs.markRunning(runId);
    const episodeOf = new Map(store.episodes.list(runId).map((e) => [e.instance.key, e.id]));
    let imported = 0;
    for (const episode of episodes) {
      onEpisode(++done, total);
      const episodeId = episodeOf.get(episode.instance.key);
      // One episode per instance in a run: a second log of the same instance is left out, and said so.
      if (episodeId === undefined) {
        report.problems.push({ path: episode.path, message: `a second episode of instance ${episode.instance.key} in one run was left out` });
        continue;
      }
      episodeOf.delete(episode.instance.key);
      imported++;
      report.episodes++;
      const played = await playEpisodeFromLog(store, runId, episodeId, game, settings, episode.replies, configIds, missingImage);
      if (played.status === 'error') {
        report.errors.push({ path: episode.path, message: played.message });
        continue;
      }
      if (Object.keys(played.unused).length) report.extraReplies.push({ path: episode.path, seats: played.unused });
      if (!episode.logged) continue;
      report.compared++;
      const differences = scoreDifferences(episode, played.result.outcome, played.result.scores).map((d) => {
        const why = reading.explain?.(d);
        return why ? { ...d, why } : d;
      });
      report.differences.push(...differences);
      if (differences.every((d) => d.why)) report.agreed++;
    }
    store.runs.finish(runId, 'done', null);
    report.runs.push({ runId, group, game: gameId, dataset: dataset.name, episodes: imported, skipped: false });
  }
  return report;
}
