/**
 * The shared turn kit a game master drives its seats with: prompt → response → parse → validate →
 * reprompt or abort → advance. Every step is recorded as an event the moment it happens (group
 * committed by the store), so a killed process loses at most the step in flight and a resumed episode
 * sees everything before it. Every message a call sends is among those events (`seat-view.ts`): the
 * kit records what of a call's messages the seat's view lacks, and checks before each call that the
 * view rebuilt from the events is exactly what it is about to send.
 */
import type { ContentPart, ImagePart } from '../../../shared/contract/content';
import type { ChatMessage, ChatResult } from '../players/types';
import type { CallRef, EventKind, EventRecord } from './events';
import { firstDifference, SeatViewError, SeatViews, stepsTo, storedContent, withSteps, type ViewStep } from './seat-view';

export interface SeatReply extends ChatResult {
  callId: CallRef | null;
}

/** How the kit reaches the world: the runner (or a test) provides these. */
export interface KitPorts {
  /** Asks the player in `seat` (a model or a person); every attempt is stored before this settles. */
  call(seat: string, round: number, request: { messages: ChatMessage[]; temperature: number; maxTokens: number; seed?: number }): Promise<SeatReply>;
  /** Appends one event to the episode's record. */
  append(event: EventRecord): void;
  /** Stores bytes in the media table; returns their `media:<sha256>` reference. */
  putMedia(bytes: Uint8Array, mime: string): string;
  /** An image the game names, found and stored before the run started (the game's `images.of`). */
  image(name: string): { ref: string; mime: string };
  humanSeats: ReadonlySet<string>;
  seed: number;
  /**
   * Asks a seat's model something outside the game (a probe): its own call, never an event. Resolves
   * with `failed` when the provider gave up; rejects only when the episode is stopping.
   */
  aside?(seat: string, round: number, kind: string, request: { messages: ChatMessage[]; temperature: number; maxTokens: number; seed?: number }): Promise<SeatReply | { failed: string }>;
  /** Stores what a probe returned (apart from the events). */
  recordProbe?(probe: ProbeOutcome): void;
  /** Whether this probe was stored before a restart (it is not asked again). */
  probedBefore?(seat: string, round: number, kind: string): boolean;
}

export interface ProbeOutcome {
  round: number;
  seat: string;
  kind: string;
  text: string | null;
  result: unknown;
  valid: boolean;
  error: string | null;
  callId: CallRef | null;
  /** What the probe sent: the seat's view as the episode's first `viewEvents` events left it, then `steps`. */
  request?: ProbeRequest | null;
}

export interface ProbeRequest {
  viewEvents: number;
  steps: ViewStep[];
}

export interface ProbeSpec<R> {
  round: number;
  /** What is asked (EDA: 'top5'); one probe per seat, round and kind. */
  kind: string;
  /** The seat's view of the game plus the probe's question: a copy, never the game's history. */
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** What the game reads from the reply; null when the reply does not say it. */
  parse(text: string): R | null;
}

export type Parsed<A> = { ok: true; action: A; flags?: string[] } | { ok: false; reason: string; flags?: string[] };

export interface AskSpec<A> {
  round: number;
  /**
   * The whole conversation as this seat sees it, ending with what it must answer. What of it the
   * seat's recorded view lacks is recorded as `prompt` events (a resumed episode records nothing twice).
   */
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** Whom the reply is for (for transcripts). */
  to?: string | null;
  parse(text: string): Parsed<A>;
  /** After an invalid reply, ask again this many times with a correction appended. */
  reprompt?: { attempts: number; message(reason: string, reply: string): string };
}

export type Reply<A> = { ok: true; action: A; text: string } | { ok: false; reason: string; text: string };

type NewEvent = Pick<EventRecord, 'round' | 'kind'> & Partial<Omit<EventRecord, 'idx' | 'round' | 'kind'>> & { content?: string | readonly ContentPart[] | null };

export class TurnKit {
  /** Every event of the episode so far, prior ones included, in order. */
  readonly events: EventRecord[];
  /** Each seat's view as the events give it. */
  private readonly views: SeatViews;

  constructor(
    private readonly ports: KitPorts,
    prior: readonly EventRecord[],
  ) {
    this.events = [...prior];
    this.views = new SeatViews(prior);
  }

  /** Prompts a seat and parses its reply, asking again after invalid replies as the spec allows. */
  async ask<A>(seat: string, spec: AskSpec<A>): Promise<Reply<A>> {
    let messages = spec.messages;
    for (let attempt = 0; ; attempt++) {
      this.send(seat, spec.round, messages);
      const reply = await this.ports.call(seat, spec.round, { messages, temperature: spec.temperature, maxTokens: spec.maxTokens, seed: this.ports.seed });
      const parsed = spec.parse(reply.text);
      this.record({
        round: spec.round,
        kind: this.ports.humanSeats.has(seat) ? 'input' : 'response',
        message: 'assistant',
        from: seat,
        to: spec.to ?? null,
        text: reply.text,
        action: parsed.ok ? parsed.action : null,
        valid: parsed.ok,
        flags: parsed.flags ?? [],
        callId: reply.callId,
        latencyMs: reply.latencyMs,
        inputTokens: reply.inputTokens,
        outputTokens: reply.outputTokens,
      });
      if (parsed.ok) return { ok: true, action: parsed.action, text: reply.text };
      if (!spec.reprompt || attempt >= spec.reprompt.attempts) return { ok: false, reason: parsed.reason, text: reply.text };
      const correction = spec.reprompt.message(parsed.reason, reply.text);
      this.record({ round: spec.round, kind: 'reprompt', message: 'user', from: null, to: seat, text: correction, action: { reason: parsed.reason } });
      messages = [...messages, { role: 'assistant', content: reply.text }, { role: 'user', content: correction }];
    }
  }

  /**
   * Asks a seat a question outside the game. Nothing of it enters the events or any seat's history;
   * it is stored as a probe, with what it sent beyond the seat's view. Skipped (null) for people, when
   * the host offers no probes, and when the probe was stored before a restart; a failed probe is
   * stored as invalid and the game goes on.
   */
  async probe<R>(seat: string, spec: ProbeSpec<R>): Promise<R | null> {
    const { aside, recordProbe } = this.ports;
    if (!aside || !recordProbe || this.ports.humanSeats.has(seat)) return null;
    if (this.ports.probedBefore?.(seat, spec.round, spec.kind)) return null;
    const view = this.views.view(seat);
    const request: ProbeRequest = { viewEvents: this.events.length, steps: stepsTo(view, spec.messages) };
    expectSame(withSteps(view, request.steps), spec.messages, `The ${spec.kind} probe of "${seat}" in round ${spec.round}`);
    const base = { round: spec.round, seat, kind: spec.kind, request };
    const reply = await aside(seat, spec.round, spec.kind, { messages: spec.messages, temperature: spec.temperature, maxTokens: spec.maxTokens, seed: this.ports.seed });
    if ('failed' in reply) {
      recordProbe({ ...base, text: null, result: null, valid: false, error: reply.failed, callId: null });
      return null;
    }
    const result = spec.parse(reply.text);
    recordProbe({ ...base, text: reply.text, result, valid: result !== null, error: result === null ? 'nothing could be read from the reply' : null, callId: reply.callId });
    return result;
  }

  /** A decision of the game master (a win, the end of a round), recorded as a `system` event. */
  note(event: Omit<NewEvent, 'kind'> & { kind?: EventKind }): EventRecord {
    return this.record({ kind: 'system', from: null, ...event });
  }

  /** Ends the episode by a rule (a malformed reply, an illegal move): scored as aborted by the game. */
  abort(round: number, reason: string, to: string | null = null): EventRecord {
    return this.record({ round, kind: 'system', from: null, to, text: `aborted: ${reason}`, action: { abort: reason } });
  }

  /** Stores an image (or any bytes) once and returns its `media:` reference for content parts. */
  media(bytes: Uint8Array, mime: string): string {
    return this.ports.putMedia(bytes, mime);
  }

  /** An image part for the image the game's data names (a resource path, a URL); checked before the run started. */
  image(name: string): ImagePart {
    return { type: 'image', ...this.ports.image(name), name };
  }

  /**
   * Records what of `messages` the seat's view lacks (the system line, each user turn, a reply the
   * game rewrote), then checks that the view the events now give is exactly `messages`.
   */
  private send(seat: string, round: number, messages: readonly ChatMessage[]): void {
    for (const step of stepsTo(this.views.view(seat), messages)) {
      this.record({ round, kind: 'prompt', from: null, to: seat, content: step.message.content, message: step.message.role, at: step.at ?? null, keep: step.keep ?? null });
    }
    expectSame(this.views.view(seat), messages, `The call of "${seat}" in round ${round}`);
  }

  private record(input: NewEvent): EventRecord {
    const { content, message, at, keep, ...rest } = input;
    const stored = content === undefined || content === null ? { text: content === null ? null : (rest.text ?? null), parts: null } : storedContent(content);
    const event: EventRecord = {
      idx: this.events.length + 1,
      round: rest.round,
      from: rest.from ?? null,
      to: rest.to ?? null,
      kind: rest.kind,
      text: stored.text,
      parts: rest.parts ?? stored.parts,
      action: rest.action ?? null,
      valid: rest.valid ?? null,
      flags: rest.flags ?? [],
      callId: rest.callId ?? null,
      latencyMs: rest.latencyMs ?? null,
      inputTokens: rest.inputTokens ?? null,
      outputTokens: rest.outputTokens ?? null,
      // Only messages carry these, so every other event stays as it always was.
      ...(message ? { message } : {}),
      ...(at !== null && at !== undefined ? { at } : {}),
      ...(keep !== null && keep !== undefined ? { keep } : {}),
    };
    this.views.add(event);
    this.events.push(event);
    this.ports.append(event);
    return event;
  }
}

/** Throws when the view the events give is not what a call is about to send: the record would not be what the model saw. */
function expectSame(rebuilt: readonly ChatMessage[], messages: readonly ChatMessage[], what: string): void {
  const at = firstDifference(rebuilt, messages);
  if (at === null) return;
  const shown = (m: ChatMessage | undefined) => (m ? `${m.role}: ${JSON.stringify(m.content).slice(0, 80)}` : '(none)');
  throw new SeatViewError(`${what} would send ${messages.length} message(s), but the events give its view as ${rebuilt.length}; they differ at message ${at} (sent ${shown(messages[at])}; recorded ${shown(rebuilt[at])}). A bug in the turn kit or the game: the record must be what the model saw.`);
}
