/**
 * What each seat saw, from the events alone. Every chat message a model call sends is an event (the
 * turn kit records them as it sends them): a seat's own replies (`response`, `input`) and corrections
 * (`reprompt`) are messages of its view as they stand; anything else the game sends it is a `prompt`
 * event whose `message` names the role. A message is appended, put in place of the seat's message at
 * index `at` (later ones stay: a reply the game rewrote, a message whose image the seat forgot), or put
 * after the seat's first `keep` messages, the rest dropped (0: a new conversation, as EDA's judge
 * starts each question). So the request of every call can be rebuilt and compared with what was sent,
 * and transcripts, annotation and scorers read the very record the models answered.
 *
 * Pure: no store, no kit. Events written before schema 16 carry no `message`: their views are empty.
 */
import type { ContentPart } from '../../../shared/contract/content';
import type { ChatMessage } from '../players/types';
import type { EventRecord } from './events';

/** One change to a seat's view: `message` appended (neither index), put at `at`, or after the first `keep` messages. */
export interface ViewStep {
  message: ChatMessage;
  at?: number;
  keep?: number;
}

/** What of an event reading views needs (stored rows, events in flight and the API's views all have it). */
export type MessageEvent = Pick<EventRecord, 'idx' | 'kind' | 'from' | 'to' | 'text' | 'parts' | 'message' | 'at' | 'keep'>;

/** A seat's view that cannot be what the events say, or a call whose messages its record does not give: a bug in the kit or a game. */
export class SeatViewError extends Error {
  override readonly name = 'SeatViewError';
}

const isReply = (e: Pick<EventRecord, 'kind'>) => e.kind === 'response' || e.kind === 'input';

/** The seat whose view holds the event's message: a reply's own seat, else the seat it was sent to; null for no message. */
export function seatOfMessage(e: Pick<EventRecord, 'kind' | 'from' | 'to' | 'message'>): string | null {
  if (!e.message) return null;
  return isReply(e) ? e.from : e.to;
}

/**
 * Content as an event stores it: its text (text parts joined by line breaks, as transcripts print it)
 * and, when the content was given as parts, the parts themselves, so the message is rebuilt exactly.
 */
export function storedContent(content: string | readonly ContentPart[]): { text: string; parts: ContentPart[] | null } {
  if (typeof content === 'string') return { text: content, parts: null };
  return { text: content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n'), parts: content.map((p) => ({ ...p })) };
}

/** The chat message an event is (its parts when it has them, else its text), or null when it is none. */
export function messageOf(e: Pick<EventRecord, 'text' | 'parts' | 'message'>): ChatMessage | null {
  if (!e.message) return null;
  return { role: e.message, content: e.parts ? e.parts.map((p) => ({ ...p })) : (e.text ?? '') };
}

/** The change an event makes to its seat's view, or null when it is no message. */
export function stepOf(e: MessageEvent): ViewStep | null {
  const message = messageOf(e);
  if (!message) return null;
  if (e.at !== null && e.at !== undefined) return { message, at: e.at };
  if (e.keep !== null && e.keep !== undefined) return { message, keep: e.keep };
  return { message };
}

/** Applies one step to a view (in place); a step the view cannot take is a broken record. */
export function applyStep(view: ChatMessage[], step: ViewStep, where = 'the view'): void {
  if (step.at !== undefined) {
    if (!Number.isInteger(step.at) || step.at < 0 || step.at >= view.length) throw new SeatViewError(`${where} has ${view.length} message(s): none at index ${step.at} to replace.`);
    view[step.at] = step.message;
    return;
  }
  if (step.keep !== undefined) {
    if (!Number.isInteger(step.keep) || step.keep < 0 || step.keep > view.length) throw new SeatViewError(`${where} has ${view.length} message(s): it cannot keep ${step.keep}.`);
    view.length = step.keep;
  }
  view.push(step.message);
}

function samePart(a: ContentPart, b: ContentPart): boolean {
  if (a.type === 'text') return b.type === 'text' && a.text === b.text;
  if (b.type === 'text') return false;
  return a.ref === b.ref && a.mime === b.mime && (a.name ?? null) === (b.name ?? null);
}

/** Two messages are the same when their roles and their content (text, or each part) are. */
export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a.role !== b.role) return false;
  const [x, y] = [a.content, b.content];
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  return x.length === y.length && x.every((p, i) => samePart(p, y[i]!));
}

/** The index of the first message where two conversations differ, or null when they are the same. */
export function firstDifference(a: readonly ChatMessage[], b: readonly ChatMessage[]): number | null {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (!sameMessage(a[i]!, b[i]!)) return i;
  return a.length === b.length ? null : shorter;
}

/**
 * The fewest steps that turn a seat's view into `messages` (what a call is about to send): the
 * messages after their common beginning appended; or, where the view went another way, either each
 * differing message replaced in place (when `messages` holds the whole view's length) or the view cut
 * back to the common beginning and the rest appended, whichever records fewer messages (in place
 * when both record as many).
 */
export function stepsTo(view: readonly ChatMessage[], messages: readonly ChatMessage[]): ViewStep[] {
  if (messages.length === 0) throw new SeatViewError('A call must send at least one message.');
  let common = 0;
  while (common < view.length && common < messages.length && sameMessage(view[common]!, messages[common]!)) common++;
  const append = (from: number): ViewStep[] => messages.slice(from).map((message) => ({ message }));
  if (common === view.length) return append(common);
  // Cut back: at least one message goes after the kept ones (a conversation that only shrank re-sends its last).
  const keep = Math.min(common, messages.length - 1);
  const cut: ViewStep[] = [{ message: messages[keep]!, keep }, ...append(keep + 1)];
  if (messages.length < view.length) return cut;
  const replaced: ViewStep[] = [];
  for (let i = common; i < view.length; i++) if (!sameMessage(view[i]!, messages[i]!)) replaced.push({ message: messages[i]!, at: i });
  replaced.push(...append(view.length));
  return replaced.length <= cut.length ? replaced : cut;
}

/** The views of every seat, kept as events come: what each seat's next call must send, or differs from. */
export class SeatViews {
  private readonly views = new Map<string, ChatMessage[]>();

  constructor(events: readonly MessageEvent[] = []) {
    for (const e of events) this.add(e);
  }

  /** Takes one event into its seat's view (events that are no message change nothing). */
  add(e: MessageEvent): void {
    const seat = seatOfMessage(e);
    const step = stepOf(e);
    if (seat === null || step === null) return;
    const view = this.views.get(seat) ?? [];
    applyStep(view, step, `Event ${e.idx} changes the view of "${seat}", which`);
    this.views.set(seat, view);
  }

  /** The seat's view now: what the events say it was sent and replied so far. */
  view(seat: string): readonly ChatMessage[] {
    return this.views.get(seat) ?? [];
  }
}

/** A seat's view after `events` (all of them, or the first `until`). */
export function seatView(events: readonly MessageEvent[], seat: string, until = events.length): ChatMessage[] {
  return [...new SeatViews(events.slice(0, until)).view(seat)];
}

/** For each reply that is a message (a model's or a person's), the view its call was sent: by the reply's `idx`. */
export function callViews(events: readonly MessageEvent[]): Map<number, ChatMessage[]> {
  const views = new SeatViews();
  const out = new Map<number, ChatMessage[]>();
  for (const e of events) {
    if (isReply(e) && e.message && e.from !== null) out.set(e.idx, [...views.view(e.from)]);
    views.add(e);
  }
  return out;
}

/** The messages `steps` add to a view, applied to a copy of it. */
export function withSteps(view: readonly ChatMessage[], steps: readonly ViewStep[]): ChatMessage[] {
  const out = [...view];
  for (const step of steps) applyStep(out, step, 'The request');
  return out;
}

/**
 * The prompt events each seat answered: of the prompts sent to a seat before each of its replies (or
 * the episode's end), the last. Where the kit records a whole conversation (a system line, a scripted
 * history), this is the message the seat was asked to answer, the one prompt earlier versions kept.
 */
export function answeredPrompts(events: readonly Pick<EventRecord, 'idx' | 'kind' | 'from' | 'to'>[]): Set<number> {
  const pending = new Map<string, number>();
  const answered = new Set<number>();
  for (const e of events) {
    if (e.kind === 'prompt' && e.to !== null) pending.set(e.to, e.idx);
    else if (isReply(e) && e.from !== null && pending.has(e.from)) {
      answered.add(pending.get(e.from)!);
      pending.delete(e.from);
    }
  }
  for (const idx of pending.values()) answered.add(idx);
  return answered;
}
