/**
 * One multimodal MapWorld episode as a state machine over the walker's replies, following the
 * reference's DialogueGameMaster rounds: the describer's message (text, then the current room's
 * image), the walker's reply, then the after-round step that moves the walker and logs the move.
 * The walker is clemcore's Player with forget_extras=["image"]: its memory keeps every message's text
 * and its raw replies, and only the newest message carries an image. The master drives this live; a
 * resumed episode replays its recorded replies through it; the scorer reads what it noted.
 */
import type { ImagePart } from '../../../../shared/contract/content';
import type { ChatMessage } from '../../players/types';
import { categoryOf, imageOf, type MmPayload } from './instance';
import { answerText, initialPrompt, readReply, repromptText, stepFrom } from './rules';

/** The move the reference logs after a round (old === new: the direction led nowhere). */
export interface MoveLog {
  old: string;
  new: string;
}

/** What the game master decided on one reply, stored as the action of its `system` event. */
export interface MmNote {
  type: 'answer' | 'stop' | 'reprompt';
  /** The describer's next message (a correction for `reprompt`). */
  answer?: string;
  sent?: string;
  validDirection?: boolean;
  log: MoveLog | null;
  /** Graphs: the graph the reference logs for this reply; null when the reply did not match the pattern. */
  graph?: string | null;
  /** Where the walker stands now, the room's category (for the reader) and its image. */
  room: string;
  category: string;
  image: string;
  /** The round limit was reached with this reply: the reference then aborts, even after DONE. */
  limit?: boolean;
  reminders: string[];
}

export type Step = { kind: 'answer' | 'stop' | 'reprompt'; note: MmNote } | { kind: 'abort'; reason: string };

export class MmSession {
  /** Rounds completed (the reference's current_round). */
  round = 0;
  room: string;
  private readonly memory: ChatMessage[] = [];
  private pending: { text: string; image: string | null };
  private reprompted = false;

  constructor(
    private readonly payload: MmPayload,
    private readonly maxTurns: number,
  ) {
    this.room = payload.start;
    this.pending = { text: initialPrompt(payload), image: imageOf(payload, payload.start) };
  }

  /** The newest message's text and image name (what the walker must answer). */
  get prompt(): { text: string; image: string | null } {
    return this.pending;
  }

  /** The newest message as content parts: its text, then the image. */
  parts(image: (name: string) => ImagePart): [{ type: 'text'; text: string }, ...ImagePart[]] {
    const { text, image: name } = this.pending;
    return name === null ? [{ type: 'text', text }] : [{ type: 'text', text }, image(name)];
  }

  /** What the walker is sent: its text-only memory, then the newest message with its image. */
  messages(image: (name: string) => ImagePart): ChatMessage[] {
    return [...this.memory, { role: 'user', content: this.parts(image) }];
  }

  step(reply: string): Step {
    this.memory.push({ role: 'user', content: this.pending.text }, { role: 'assistant', content: reply });
    const read = readReply(this.payload, reply);
    const here = { room: this.room, category: categoryOf(this.payload, this.room), image: imageOf(this.payload, this.room), reminders: [] };
    if (!read.ok) {
      if (!read.repromptable || !this.payload.reprompt || this.reprompted) return { kind: 'abort', reason: read.reason };
      this.reprompted = true;
      const text = repromptText(this.payload, this.room);
      this.pending = { text, image: this.payload.useImages ? here.image : null };
      const note: MmNote = { type: 'reprompt', answer: text, sent: text, log: null, ...here };
      if (this.payload.variant === 'graphs') note.graph = read.graph;
      return { kind: 'reprompt', note };
    }
    this.reprompted = false;
    this.round++;
    const limit = this.round >= this.maxTurns;
    const { action } = read;
    if (action.kind === 'done') {
      const note: MmNote = { type: 'stop', log: null, ...here, ...(limit ? { limit } : {}) };
      if (this.payload.variant === 'graphs') note.graph = action.graph;
      return { kind: 'stop', note };
    }
    const old = this.room;
    this.room = stepFrom(this.payload, old, action.direction);
    const invalid = old === this.room;
    const answer = answerText(this.payload, this.room, invalid);
    this.pending = { text: answer, image: imageOf(this.payload, this.room) };
    const note: MmNote = {
      type: 'answer',
      answer,
      sent: answer,
      validDirection: !invalid,
      log: { old, new: this.room },
      room: this.room,
      category: categoryOf(this.payload, this.room),
      image: imageOf(this.payload, this.room),
      reminders: [],
      ...(limit ? { limit } : {}),
    };
    if (this.payload.variant === 'graphs') note.graph = action.graph;
    return { kind: 'answer', note };
  }
}
