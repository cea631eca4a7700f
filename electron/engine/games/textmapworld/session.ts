/**
 * The game master of one MapWorld episode as a state machine: it takes the explorer's read replies
 * in order and says what happens (the describer's answer, the move the reference logs, the end).
 * The master drives it live; a resumed episode replays its recorded replies through it; the scorer
 * reads what it recorded. Turn order, reminders and what gets logged follow the reference's
 * DialogueGameMaster (one explorer reply, then the describer, then the after-turn move log).
 */
import type { ChatMessage } from '../../players/types';
import type { MapPayload } from './instance';
import { describe, initialPrompt, isLoop, newDescriber, type DescriberState, type ReplyAction } from './rules';

/** A move as the reference logs it ("old" is null only for graph reasoning's DONE on the first turn). */
export interface MoveLog {
  old: string | null;
  new: string;
}

/** What the game master decided on one turn, stored as the action of its `system` event. */
export interface TurnNote {
  type: 'answer' | 'stop';
  /** The describer's answer and what the explorer reads next (reminders put in front). */
  answer?: string;
  sent?: string;
  validDirection?: boolean;
  from?: string | null;
  to?: string | null;
  /** The move the reference logs after this turn, if any. */
  log: MoveLog | null;
  /** Graph reasoning: the reply whose "graph" the reference logs with the move (null: None). */
  graphReply?: string | null;
  reminders?: string[];
}

export type StepResult = { kind: 'answer'; note: TurnNote; limit: boolean } | { kind: 'stop'; note: TurnNote } | { kind: 'abort'; reason: string };

export class MapSession {
  /** 0-based turn index (the reference's current_turn). */
  turn = 0;
  readonly history: ChatMessage[];
  private describer: DescriberState;
  /** The master's own list of positions, for the loop reminder. */
  private readonly positions: string[];
  private loopArmed: boolean;
  private maxArmed: boolean;
  private nextPrompt: string;

  constructor(
    private readonly payload: MapPayload,
    private readonly maxTurns: number,
  ) {
    this.nextPrompt = initialPrompt(payload);
    this.history = [{ role: 'user', content: this.nextPrompt }];
    this.describer = newDescriber(payload);
    this.positions = [payload.start];
    this.loopArmed = payload.loopReminder;
    this.maxArmed = payload.maxTurnsReminder;
  }

  /** What the explorer is told before its next reply. */
  get prompt(): string {
    return this.nextPrompt;
  }

  /** The room the explorer is in. */
  get room(): string | null {
    return this.describer.current;
  }

  step(action: ReplyAction): StepResult {
    this.history.push({ role: 'assistant', content: action.cleaned });
    if (action.kind === 'done') return { kind: 'stop', note: { type: 'stop', ...this.doneLog() } };
    const described = describe(this.payload, this.describer, action.cleaned);
    this.describer = described.state;
    if (!described.ok) return { kind: 'abort', reason: described.reason };
    const { old, current } = this.describer;
    const log = old !== current && current !== null ? { old, new: current } : null;
    if (log) this.positions.push(log.new);
    const reminders: string[] = [];
    // The reference checks for a loop before adding the move and clears its positions on one, so its
    // loop reminder can never fire (and its call of the check crashes); here it fires on the move that
    // closes the loop. No bundled instance enables either reminder.
    if (this.loopArmed && isLoop(this.positions)) {
      this.loopArmed = false;
      reminders.push(this.payload.loopReminderText);
    }
    if (this.maxArmed && this.turn === this.maxTurns - 2) {
      this.maxArmed = false;
      reminders.push(this.payload.maxTurnsReminderText);
    }
    const sent = reminders.reduce((text, r) => `${r}\n${text}`, described.answer);
    const note: TurnNote = { type: 'answer', answer: described.answer, sent, validDirection: described.validDirection, from: old, to: current, log, reminders };
    if (this.payload.variant === 'graphreasoning') note.graphReply = log ? this.describer.graphReply : null;
    this.history.push({ role: 'user', content: sent });
    this.nextPrompt = sent;
    this.turn++;
    return { kind: 'answer', note, limit: this.turn >= this.maxTurns };
  }

  /**
   * On DONE the describer is not asked. The main and go-to-X masters log nothing more; the
   * graph-reasoning master's after-turn step lacks the "stopped" check, so it logs the describer's
   * last move (and graph) again, or {old: None, new: start} when it never moved.
   */
  private doneLog(): Pick<TurnNote, 'log' | 'graphReply'> {
    if (this.payload.variant !== 'graphreasoning') return { log: null };
    const { old, current } = this.describer;
    if (old === current || current === null) return { log: null, graphReply: null };
    return { log: { old, new: current }, graphReply: this.describer.graphReply };
  }
}
