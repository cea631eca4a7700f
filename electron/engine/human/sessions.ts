import type { HumanGameState } from '../../../shared/api/contract';
import { edaPrompts, type EdaKind } from '../../../shared/games/eda';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';
import type { Split } from '../../../shared/contract/run';
import { loadEdaDataset } from '../datasets/eda';
import { edaGame } from '../games/eda/game';
import type { GamePlugin } from '../games/types';
import { describeError, ProviderError } from '../players/errors';
import type { ModelFactory } from '../players/factory';
import type { ChatModel } from '../players/types';
import { playStoredEpisode } from '../runner/episode';
import { parseRunConfig, playerFor, RunConfigError, storeEntities } from '../runner/prepare';
import { episodeSeed, randomRunSeed } from '../runner/seeds';
import { APP_VERSION } from '../version';
import type { Store } from '../store/store';
import { transcript } from '../api/views';
import { HumanGuesser } from './human-guesser';

export interface HumanStart {
  handle: string;
  dataset: EdaKind;
  split: Split;
  judge: ModelConfig;
  /** A guesser model whose next question the person may ask to see (the session is then marked hinted). */
  hint?: ModelConfig;
}

/** The state of a game as the Play page shows it (the API contract's type). */
export type HumanState = HumanGameState;

interface Session {
  episodeId: number;
  runId: number;
  handle: string;
  guesser: HumanGuesser;
  hint: ChatModel | null;
  hintConfigId: number | null;
  controller: AbortController;
  done: Promise<void>;
  settled: boolean;
  /** A question is with the judge. */
  asking: boolean;
  hints: HumanState['hints'];
}

export class HumanSessionError extends RunConfigError {
  override name = 'HumanSessionError';
}

const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

/**
 * Human play: a person is the guesser against a configured judge model, under the same game rules as
 * model runs (the same game plug-in plays the episode). Each person's games on a dataset split against
 * a judge collect in one run of a `human` player, one episode per entity.
 */
export class HumanSessions {
  private readonly sessions = new Map<number, Session>();

  constructor(
    private readonly store: Store,
    private readonly createModel: () => ModelFactory,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Continues this person's unfinished game on the split, or starts one on a fresh entity. */
  start(input: HumanStart): number {
    const handle = input.handle.trim();
    if (!HANDLE.test(handle)) throw new HumanSessionError('Choose a name or handle of 1–40 letters, digits, spaces, dots, dashes or underscores (no personal data needed).');
    const judge = ModelConfigSchema.parse(input.judge);
    if (judge.provider === 'human' || judge.provider === 'scripted') throw new HumanSessionError('The judge must be a model.');
    const dataset = loadEdaDataset({ name: input.dataset, split: input.split });
    const human = ModelConfigSchema.parse({ provider: 'human', model: handle });
    const { runId, datasetId, rows } = this.store.transaction(() => {
      const { datasetId, rows } = storeEntities(this.store, dataset);
      const existing = this.store.findHumanRun(handle, datasetId, dataset.split, JSON.stringify(judge));
      const seed = randomRunSeed();
      const runId =
        existing ??
        this.store.createRun({
          name: `human: ${handle}`,
          game: edaGame.id,
          datasetId,
          split: dataset.split,
          config: parseRunConfig({
            name: `human: ${handle}`, dataset: { name: dataset.name, split: dataset.split, kind: dataset.kind }, players: { guesser: human, judge },
            repetitions: 1, concurrency: 1, preflight: false, seed,
          }),
          seed,
          appVersion: APP_VERSION,
          players: {},
          episodes: [],
        });
      return { runId, datasetId, rows };
    });
    const live = [...this.sessions.values()].find((s) => s.runId === runId && !s.settled);
    if (live) return live.episodeId;
    const unfinished = this.store.episodeIds(runId, ['pending', 'running'])[0];
    const episodeId = unfinished ?? this.newEpisode(runId, handle, datasetId, dataset.split, rows.map((r) => ({ id: r.id, line: r.line })), human, judge);
    this.begin(episodeId, runId, handle, judge, human, input.hint);
    return episodeId;
  }

  /** The entity with the fewest human games so far that this person has not played (ties at random). */
  private newEpisode(runId: number, handle: string, datasetId: number, split: string, entities: { id: number; line: string }[], human: ModelConfig, judge: ModelConfig): number {
    const { counts, playedBy } = this.store.humanPlays(datasetId, split, handle);
    const open = entities.filter((e) => !playedBy.has(e.id));
    if (open.length === 0) throw new HumanSessionError(`${handle} has played every entity of this split: choose another split or dataset.`);
    const fewest = Math.min(...open.map((e) => counts.get(e.id) ?? 0));
    const candidates = open.filter((e) => (counts.get(e.id) ?? 0) === fewest);
    const entity = candidates[Math.floor(Math.random() * candidates.length)]!;
    const run = this.store.getRun(runId);
    return this.store.addEpisode(runId, edaGame.id, entity.id, 1, episodeSeed(run.seed, entity.line, 1), {
      guesser: playerFor(this.store, human),
      judge: playerFor(this.store, judge),
    });
  }

  private begin(episodeId: number, runId: number, handle: string, judgeConfig: ModelConfig, human: ModelConfig, hintConfig?: ModelConfig) {
    const config = parseRunConfig(this.store.getRun(runId).config);
    const guesser = new HumanGuesser(handle);
    const factory = this.createModel();
    const judge = factory(judgeConfig, {});
    const hint = hintConfig ? factory(ModelConfigSchema.parse(hintConfig), {}) : null;
    const configIds: Record<string, number> = { guesser: this.store.ensureModelConfig(human), judge: this.store.ensureModelConfig(judgeConfig) };
    const controller = new AbortController();
    const session: Session = {
      episodeId, runId, handle, guesser, hint, hintConfigId: hintConfig ? this.store.ensureModelConfig(ModelConfigSchema.parse(hintConfig)) : null,
      controller, settled: false, asking: false, hints: [], done: Promise.resolve(),
    };
    this.store.markRunRunning(runId);
    // The game may wait minutes for a person: keep the run visibly alive meanwhile.
    const beat = setInterval(() => this.store.heartbeat(runId), 20_000);
    beat.unref();
    session.done = playStoredEpisode(
      this.store, this.store.getEpisode(episodeId), edaGame as GamePlugin<unknown>, edaGame.parseSettings(config.settings), { guesser, judge },
      (site, attempt) => this.store.recordCall({ ...attempt, ...site, runId, modelConfigId: configIds[site.role]! }),
      controller.signal,
    ).then(
      (result) => this.store.finishEpisode(episodeId, result.outcome, result.metrics),
      (error: unknown) => {
        if (controller.signal.aborted) {
          if (controller.signal.reason === 'abandoned') this.store.failEpisode(episodeId, 'aborted', 'abandoned by the player');
          else this.store.resetEpisode(episodeId); // paused: the turns stay, the game continues next time
        } else {
          const failure = error instanceof ProviderError ? error : new ProviderError('internal', describeError(error));
          this.store.failEpisode(episodeId, failure.kind, failure.message);
        }
      },
    ).catch((error: unknown) => {
      // The store refused the result (disk full, database closed): the turns are committed, the game resumes next time.
      console.error(`human game ${episodeId}: ${describeError(error)}`);
    }).finally(() => {
      clearInterval(beat);
      session.settled = true;
      const paused = controller.signal.aborted && controller.signal.reason === 'paused';
      try {
        this.store.finishRun(runId, paused ? 'interrupted' : 'done', paused ? 'a game was paused; it continues from the Play page' : null);
      } catch {
        // closing: the next start reconciles the run
      }
      this.onChange();
    });
    this.sessions.set(episodeId, session);
  }

  private session(episodeId: number): Session {
    const session = this.sessions.get(episodeId);
    if (!session) throw new HumanSessionError(`Game ${episodeId} is not open here: start (or continue) it from the Play page.`);
    return session;
  }

  async state(episodeId: number): Promise<HumanState> {
    const session = this.sessions.get(episodeId);
    if (session && !session.settled) await Promise.race([session.guesser.nextQuestionWanted(), session.done]);
    const episode = this.store.getEpisode(episodeId);
    const run = this.store.getRun(episode.runId);
    const config = parseRunConfig(run.config);
    const settings = edaGame.parseSettings(config.settings);
    const over = episode.status === 'done' || episode.status === 'error';
    return {
      episodeId,
      runId: episode.runId,
      handle: config.players.guesser.model,
      dataset: episode.datasetName,
      split: episode.split,
      instructions: edaPrompts(episode.datasetKind as EdaKind, settings).guesser,
      maxTurns: settings.maxTurns,
      turns: transcript(episode, this.store.getTurns(episodeId), settings.mustGuessSuffix).turns.map(({ idx, question, answer, label, mustGuess }) => ({ idx, question, answer, label, mustGuess })),
      waiting: !!session && !session.settled && session.guesser.pending !== null,
      status: over ? (episode.status as 'done' | 'error') : session && !session.settled ? 'playing' : 'paused',
      outcome: episode.outcome,
      entity: over ? episode.entity : null,
      hinted: this.store.hasCall(episodeId, 'hint'),
      hints: session?.hints ?? [],
      hintModel: session?.hint?.label ?? null,
      error: episode.status === 'error' ? episode.error : null,
    };
  }

  /** Plays the person's question; returns once the judge has answered (or the game ended). */
  async ask(episodeId: number, question: string): Promise<HumanState> {
    const session = this.session(episodeId);
    const text = question.replace(/\s+/g, ' ').trim();
    if (!text) throw new HumanSessionError('Type a question first.');
    if (text.length > 300) throw new HumanSessionError('Keep the question under 300 characters.');
    if (session.settled) throw new HumanSessionError('This game is over.');
    if (session.asking) throw new HumanSessionError('Wait for the judge to answer your last question.');
    session.asking = true;
    try {
      await Promise.race([session.guesser.nextQuestionWanted(), session.done]);
      if (!session.guesser.ask(text)) throw new HumanSessionError('This game is over.');
      // The judge answers; the game then wants the next question, or it has ended.
      return await this.state(episodeId);
    } finally {
      session.asking = false;
    }
  }

  /** What the hint model would ask now, given the same dialogue; recorded, and the game is marked hinted. */
  async hint(episodeId: number): Promise<HumanState> {
    const session = this.session(episodeId);
    if (!session.hint) throw new HumanSessionError('No hint model was chosen for this game.');
    const request = session.guesser.pending;
    if (!request) throw new HumanSessionError('The game is not waiting for a question.');
    const turn = this.store.getTurns(episodeId).length + 1;
    const reply = await session.hint.complete(request, {
      signal: session.controller.signal,
      onAttempt: (attempt) => this.store.recordCall({ ...attempt, runId: session.runId, episodeId, turnIdx: turn, role: 'hint', modelConfigId: session.hintConfigId! }),
    });
    session.hints.push({ turn, model: session.hint.label, text: reply.text.trim() });
    return this.state(episodeId);
  }

  /** Gives the game up: it is kept as an error ("abandoned"), outside every metric. */
  async abandon(episodeId: number): Promise<HumanState> {
    const session = this.session(episodeId);
    session.controller.abort('abandoned');
    await session.done;
    return this.state(episodeId);
  }

  /** Pauses every open game (turns kept; each continues when its player comes back). */
  async close(): Promise<void> {
    for (const s of this.sessions.values()) if (!s.settled) s.controller.abort('paused');
    await Promise.all([...this.sessions.values()].map((s) => s.done));
  }
}
