/** A script-making episode as lines of text (the CLI's `show`): the dialogue turn by turn, then the judged turn. */
import { actionOf, type EventRecord } from '../../core/events';
import { answeredPrompts } from '../../core/seat-view';
import { JUDGE, SIMULATOR, USER_AGENT } from './record';

const indent = (text: unknown) => String(text ?? '').split('\n').map((l) => `    ${l}`);

function lineOf(e: EventRecord, answered: ReadonlySet<number>): string[] {
  const a = actionOf(e);
  const reply = e.kind === 'response' || e.kind === 'input';
  // The simulator is sent a system line before the task description: the description is what it answered.
  if (e.kind === 'prompt' && e.to === SIMULATOR && e.round === 1 && answered.has(e.idx)) return ['turn 1 · user (the task description):', ...indent(e.text)];
  if (reply && e.from === USER_AGENT) return e.valid ? [`turn ${e.round} · user agent (strategy ${String(a.strategy ?? '—')}):`, ...indent(a.request)] : [`turn ${e.round} · user agent, unreadable:`, ...indent(e.text)];
  if (reply && e.from === SIMULATOR) return [`turn ${e.round} · simulator:`, ...indent(a.answer ?? e.text)];
  if (reply && e.from === JUDGE) return [e.valid ? `first challenging turn: ${String(a.turn)}${a.turn === 0 ? ' (none)' : ''}` : 'first challenging turn, unreadable:', ...indent(e.text)];
  if (e.kind === 'reprompt') return [`GM → ${e.to}: ${e.text ?? ''}`];
  if (e.kind === 'system') return [`GM: ${e.text ?? ''}`];
  return [];
}

export function makeTextTranscript(events: readonly EventRecord[]): string[] {
  const answered = answeredPrompts(events);
  return events.flatMap((e) => lineOf(e, answered));
}
