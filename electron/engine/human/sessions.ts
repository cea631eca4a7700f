/**
 * Human play: a person takes a seat of a game (EDA: the guesser) against models in the other seats,
 * under the same rules as model runs (the same game master plays the episode). Each person's games in
 * a seat, on a dataset subset, against the same models, collect in one run, one episode per instance.
 */
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';
import { planOfRun, planOfConfig } from '../core/run-plan';
import { seatModel } from '../../../shared/contract/run';
import { firstDraw, unstoredRow, type Game, type InstanceRow } from '../core/game';
import { describeError, UserError } from '../errors';
import { gameById } from '../games/registry';
import { ProviderError } from '../players/errors';
import type { ModelFactory } from '../players/factory';
import type { ChatModel } from '../players/types';
import { callRole, playStoredEpisode } from '../runner/episode';
import { instancesOf, resolveFixed } from '../runner/fixed-subsets';
import { storeInstances } from '../runner/prepare';
import { seatPlan } from '../core/seat-plan';
import { playerFor } from '../store/players';

import { episodeSeed, randomRunSeed } from '../core/seeds';
import type { Store } from '../store/store';
import { isStorageFailure } from '../store/db';
import { APP_VERSION } from '../version';
import { HumanSeat } from './human-seat';

export interface HumanStart {
  game: string;
  handle: string;
  dataset: string;
  subset: string;
  /** The seat the person takes, or a role (its first seat); by default the first seat a person may take. */
  seat?: string;
  /** The model of every other role. */
  models: Record<string, ModelConfig>;
  /** A model whose next move in the person's seat the person may ask to see (the game is then marked hinted). */
  hint?: ModelConfig;
  /** Play only the instances of this fixed subset (EDA's things-30), the items model runs on it play. */
  fixed?: string;
}

export interface Session {
  episodeId: number;
  runId: number;
  game: Game<unknown>;
  settings: unknown;
  handle: string;
  seat: string;
  human: HumanSeat;
  hint: ChatModel | null;
  hintConfigId: number | null;
  controller: AbortController;
  done: Promise<void>;
  /** The models' turns since the person's last move (or the start): settles once the game waits for the person again, or has ended. */
  step: Promise<void>;
  settled: boolean;
  /** The store lost or refused a write of this game: it stopped, and is marked so once the store takes writes again. */
  storageFailure: unknown;
  /** A reply of the person is being played. */
  busy: boolean;
  hints: { round: number; model: string; text: string }[];
}

export class HumanSessionError extends UserError {
  override name = 'HumanSessionError';
}

const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

export class HumanSessions {
  readonly sessions = new Map<number, Session>();

  constructor(
    private readonly store: Store,
    private readonly createModel: () => ModelFactory,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Continues this person's unfinished game in the seat, or starts one on a fresh instance. */
  start(input: HumanStart): number {
    const handle = input.handle.trim();
    if (!HANDLE.test(handle)) throw new HumanSessionError('Choose a name or handle of 1–40 letters, digits, spaces, dots, dashes or underscores (no personal data needed).');
    const game = gameById(input.game);
    const { ref, fixed } = resolveFixed(this.store, game, { name: input.dataset, subset: input.subset, ...(input.fixed ? { fixed: input.fixed } : {}) });
    const dataset = game.datasets.load(ref);
    const settings = game.settings.parse({});
    const first = dataset.instances[0];
    if (!first) throw new HumanSessionError(`${input.dataset}/${input.subset} has no instances to play.`);
    const seats = game.seats(unstoredRow(first, dataset.subset, 0), settings, firstDraw(game));
    const seat =
      input.seat === undefined
        ? seats.find((s) => game.roles.find((r) => r.id === s.role)?.human)?.seat
        : (seats.find((s) => s.seat === input.seat) ?? seats.find((s) => s.role === input.seat))?.seat;
    const seatRole = seats.find((s) => s.seat === seat)?.role;
    if (!seat || !seatRole) throw new HumanSessionError(`${game.shortTitle} has no seat "${input.seat}" (its seats: ${seats.map((s) => s.seat).join(', ')}).`);
    if (!game.roles.find((r) => r.id === seatRole)?.human) throw new HumanSessionError(`A person cannot take the ${seat} seat of ${game.shortTitle}.`);
    const human = ModelConfigSchema.parse({ provider: 'human', model: handle });
    const players: Record<string, ModelConfig> = { [seatRole]: human };
    for (const role of game.roles) {
      if (role.id === seatRole) continue;
      const model = input.models[role.id];
      if (!model) throw new HumanSessionError(`Choose a model for the ${role.label.toLowerCase()}.`);
      const config = ModelConfigSchema.parse(model);
      if (config.provider === 'human' || config.provider === 'scripted') throw new HumanSessionError(`The ${role.label.toLowerCase()} must be a model.`);
      players[role.id] = config;
    }
    const { runId, datasetId, rows } = this.store.transaction(() => {
      const { datasetId, rows } = storeInstances(this.store, game, dataset);
      const playerIds = Object.fromEntries(Object.entries(players).map(([role, config]) => [role, playerFor(this.store, config)]));
      const plan = seatPlan(game, settings, rows.slice(0, 1).map((instance) => ({ instance, repetition: 1, seed: 0 })), Object.fromEntries(Object.entries(playerIds).map(([role, id]) => [role, [id]])));
      const others = Object.fromEntries(plan.seats.filter((s) => s.seat !== seat).map((s) => [s.seat, s.playerId]));
      const existing = this.store.runs.findHumanRun(game.id, datasetId, dataset.subset, seat, playerIds[seatRole]!, others);
      const seed = randomRunSeed();
      const name = `human: ${handle}`;
      const runId =
        existing ??
        this.store.runs.create({
          name,
          game: game.id,
          datasetId,
          subset: dataset.subset,
          config: planOfConfig({ name, game: game.id, dataset: { name: dataset.name, subset: dataset.subset, kind: dataset.kind }, players, repetitions: 1, concurrency: 1, preflight: false, seed, settings }).config,
          seed,
          appVersion: APP_VERSION,
          seats: plan.seats,
          episodes: [],
        });
      return { runId, datasetId, rows };
    });
    const live = [...this.sessions.values()].find((s) => s.runId === runId && !s.settled);
    if (live) return live.episodeId;
    const unfinished = this.store.episodes.ids(runId, ['pending', 'running'])[0];
    const episodeId = unfinished ?? this.newEpisode(runId, handle, seat, datasetId, dataset.subset, instancesOf(rows, fixed));
    this.begin(episodeId, runId, game, handle, seat, input.hint);
    return episodeId;
  }

  /** The instance with the fewest games by people in this seat so far that this person has not played (ties at random). */
  private newEpisode(runId: number, handle: string, seat: string, datasetId: number, subset: string, instances: readonly InstanceRow[]): number {
    const run = this.store.runs.get(runId);
    const me = run.seats.find((s) => s.seat === seat)!.playerId;
    const { counts, playedBy } = this.store.episodes.humanPlays(datasetId, subset, seat, me);
    const open = instances.filter((i) => !playedBy.has(i.id));
    if (open.length === 0) throw new HumanSessionError(`${handle} has played every instance of this subset: choose another subset or dataset.`);
    const fewest = Math.min(...open.map((i) => counts.get(i.id) ?? 0));
    const candidates = open.filter((i) => (counts.get(i.id) ?? 0) === fewest);
    const instance = candidates[Math.floor(Math.random() * candidates.length)]!;
    return this.store.episodes.add(runId, instance.id, 1, episodeSeed(run.seed, instance.key, 1));
  }

  private begin(episodeId: number, runId: number, game: Game<unknown>, handle: string, seat: string, hintConfig?: ModelConfig): void {
    const run = this.store.runs.get(runId);
    const { config, settings } = planOfRun(run);
    const human = new HumanSeat(handle);
    const factory = this.createModel();
    const players = Object.fromEntries(run.seats.map((s) => [s.seat, s.seat === seat ? human : factory(seatModel(config.players, s.role, s.member), {})]));
    const configIds = Object.fromEntries(run.seats.map((s) => [s.seat, this.store.models.ensureConfig(seatModel(config.players, s.role, s.member))]));
    const hintModel = hintConfig ? ModelConfigSchema.parse(hintConfig) : null;
    const hint = hintModel ? factory(hintModel, {}) : null;
    const controller = new AbortController();
    const session: Session = {
      episodeId, runId, game, settings, handle, seat, human, hint, hintConfigId: hintModel ? this.store.models.ensureConfig(hintModel) : null,
      controller, settled: false, busy: false, hints: [], done: Promise.resolve(), step: Promise.resolve(), storageFailure: null,
    };
    this.store.runs.markRunning(runId);
    // The game may wait minutes for a person: keep the run visibly alive meanwhile.
    const beat = setInterval(() => {
      try {
        this.store.runs.heartbeat(runId);
      } catch {
        // The store refuses writes: the game hears of it at its next move.
      }
    }, 20_000);
    beat.unref();
    const release = this.store.hold(); // the models' turns before the person's first move
    session.done = playStoredEpisode(
      this.store, this.store.episodes.get(episodeId), game, settings, players,
      (site, attempt) => this.store.models.recordCall({ ...attempt, runId, episodeId: site.episodeId, round: site.round, role: callRole(site), modelConfigId: configIds[site.seat]! }),
      controller.signal,
    ).then(
      (result) => this.store.episodes.finish(episodeId, result.outcome, result.scores),
      (error: unknown) => {
        if (controller.signal.aborted) {
          if (controller.signal.reason === 'abandoned') this.store.episodes.fail(episodeId, 'aborted', 'abandoned by the player');
          else this.store.episodes.reset(episodeId); // paused: the events stay, the game continues next time
        } else {
          const failure = error instanceof ProviderError ? error : new ProviderError('internal', describeError(error));
          this.store.episodes.fail(episodeId, failure.kind, failure.message);
        }
      },
    ).catch((error: unknown) => {
      // The store refused a write (disk full, database closed): the committed events stay, the game resumes next time.
      if (isStorageFailure(error)) session.storageFailure ??= error;
      console.error(`human game ${episodeId}: ${describeError(error)}`);
    }).finally(() => {
      clearInterval(beat);
      session.settled = true;
      if (session.storageFailure) {
        // Recorded once every run and game that may have lost writes with this one has stopped.
        this.store.whenRecovered(() => this.interrupted(session));
        return;
      }
      const paused = controller.signal.aborted && controller.signal.reason === 'paused';
      try {
        this.store.runs.finish(runId, paused ? 'interrupted' : 'done', paused ? 'a game was paused; it continues from the Play page' : null);
      } catch {
        // closing: the next start reconciles the run
      }
      this.onChange();
    });
    this.sessions.set(episodeId, session);
    session.step = this.playOn(session, release);
  }

  /**
   * Lets the game play the models' turns until it waits for the person again (or ends), then commits
   * them and lets go of the store, held since the move: a write lost meanwhile stops the game here, so
   * the person's next move never follows a turn the file lost.
   */
  private async playOn(session: Session, release: () => void): Promise<void> {
    try {
      await Promise.race([session.human.nextMoveWanted(), session.done]);
      await this.commit(session);
    } finally {
      release();
    }
  }

  /** Commits what the game wrote; a storage failure stops the game (its committed events kept, resumable). */
  private async commit(session: Session): Promise<void> {
    try {
      this.store.flush();
    } catch (error) {
      if (!isStorageFailure(error)) {
        console.error(`human game ${session.episodeId}: ${describeError(error)}`);
        return;
      }
      session.storageFailure ??= error;
      session.controller.abort('stopped');
      await session.done;
    }
  }

  /** After a storage failure, once the store takes writes again: the game waits to be continued, its run interrupted. */
  private interrupted(session: Session): void {
    try {
      this.store.episodes.reset(session.episodeId);
      this.store.runs.finish(session.runId, 'interrupted', `the database refused a write (${describeError(session.storageFailure)}); the game continues from the Play page`);
    } catch (error) {
      console.error(`human game ${session.episodeId}: ${describeError(error)}`);
    }
    this.onChange();
  }

  session(episodeId: number): Session {
    const session = this.sessions.get(episodeId);
    if (!session) throw new HumanSessionError(`Game ${episodeId} is not open here: start (or continue) it from the Play page.`);
    return session;
  }

  /** Settles when the game waits for the person again, or has ended. */
  async settle(episodeId: number): Promise<void> {
    const session = this.sessions.get(episodeId);
    if (session && !session.settled) await session.step;
  }

  /** Plays the person's reply; returns once the game wants the next one (or has ended). */
  async say(episodeId: number, text: string): Promise<void> {
    const session = this.session(episodeId);
    const reply = text.replace(/\s+/g, ' ').trim();
    if (!reply) throw new HumanSessionError('Type something first.');
    if (reply.length > 300) throw new HumanSessionError('Keep it under 300 characters.');
    if (session.settled) throw new HumanSessionError('This game is over.');
    if (session.busy) throw new HumanSessionError('Wait for the answer to your last move.');
    session.busy = true;
    try {
      await session.step;
      // Held from the move on: the move is written as the person's call the moment the game takes it.
      const release = this.store.hold();
      try {
        if (!session.human.say(reply)) throw new HumanSessionError('This game is over.');
      } catch (error) {
        release();
        throw error;
      }
      session.step = this.playOn(session, release);
      await session.step;
    } finally {
      session.busy = false;
    }
  }

  /** What the hint model would do now in the person's seat; recorded, and the game is marked hinted. */
  async hint(episodeId: number): Promise<void> {
    const session = this.session(episodeId);
    if (!session.hint) throw new HumanSessionError('No hint model was chosen for this game.');
    const request = session.human.pending;
    if (!request) throw new HumanSessionError('The game is not waiting for you.');
    const round = session.human.pendingRound ?? 0;
    // Held until the hint's call is committed: a game whose hint the file lost would not read as hinted.
    const release = this.store.hold();
    try {
      const reply = await session.hint.complete(request, {
        signal: session.controller.signal,
        onAttempt: (attempt) => this.store.models.recordCall({ ...attempt, runId: session.runId, episodeId, round, role: 'hint', modelConfigId: session.hintConfigId! }),
      });
      session.hints.push({ round, model: session.hint.label, text: reply.text.trim() });
      await this.commit(session);
    } finally {
      release();
    }
  }

  /** Gives the game up: it is kept as an error ("abandoned"), outside every metric. */
  async abandon(episodeId: number): Promise<void> {
    const session = this.session(episodeId);
    session.controller.abort('abandoned');
    await session.done;
  }

  /** Pauses every open game (events kept; each continues when its player comes back). */
  async close(): Promise<void> {
    for (const s of this.sessions.values()) if (!s.settled) s.controller.abort('paused');
    await Promise.all([...this.sessions.values()].map((s) => Promise.all([s.done, s.step])));
  }
}
