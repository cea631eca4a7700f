import type { Outcome } from '../../../shared/contract/records';
import type { ChatRequest, ChatResult } from '../players/types';
import type { CallRef, TurnInput, TurnRow } from '../store/store';

export interface EpisodeEntity {
  name: string;
  line: string;
  aliases: string[];
}

export interface ModelReply extends ChatResult {
  /** The stored model call that produced this reply. */
  callId: CallRef | null;
}

/** What a game sees of the world while it plays one episode. */
export interface EpisodeContext {
  episodeId: number;
  entity: EpisodeEntity;
  datasetKind: string;
  repetition: number;
  seed: number;
  /** Turns already committed (a resumed episode); the game continues after them. */
  priorTurns: readonly TurnRow[];
  /** Calls the player in `role`; every attempt is stored before this settles. */
  call(role: string, turnIdx: number, request: ChatRequest): Promise<ModelReply>;
  /** Stores one finished turn in its own transaction. */
  commitTurn(turn: Omit<TurnInput, 'episodeId'>): void;
  signal: AbortSignal;
}

export interface EpisodeResult {
  outcome: Outcome;
  metrics: Record<string, number>;
}

/** A game plug-in: instances come from a dataset, episodes are played turn by turn, turns are scored. */
export interface GamePlugin<Settings> {
  readonly id: string;
  readonly roles: readonly string[];
  parseSettings(input: unknown): Settings;
  play(ctx: EpisodeContext, settings: Settings): Promise<EpisodeResult>;
  /** Recomputes an episode's result from its stored turns alone, without any model call. */
  rescore(turns: readonly TurnRow[], settings: Settings): EpisodeResult;
}
