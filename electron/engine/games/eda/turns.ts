/**
 * EDA's events read back as the paper's turns. A turn is two events of one round: the guesser's
 * question (text as generated; action: the question as the judge saw it and, when it differs, as it
 * stands in the guesser's own history), then the judge's answer (text as the model said it; action: its
 * label and, when it differs, the reply the guesser read) or the rules' "Bingo!" (a system event).
 */
import { actionOf, callIdOf, type EventRecord } from '../../core/events';
import type { JudgeLabel } from './rules';

export interface EdaTurn {
  idx: number;
  /** The question as the judge saw it. */
  question: string;
  /** As the guesser generated it. */
  generated: string;
  /** As it stands in the guesser's history (" Is it right?" on the last turn). */
  history: string;
  /** The judge's raw text; null for Bingo, decided by the rules. */
  raw: string | null;
  label: JudgeLabel;
  /** What the guesser read (the must-guess cue included). */
  reply: string;
  flags: string[];
  guesserCallId: number | null;
  judgeCallId: number | null;
}

/** What reading turns needs of an event (stored rows, events in flight, and the API's views all have it). */
type EventLike = Pick<EventRecord, 'round' | 'from' | 'kind' | 'text' | 'action' | 'flags' | 'callId'>;

/** The complete turns, and a question still waiting for its answer (an episode cut off between the two). */
export function edaTurns(events: readonly EventLike[]): { turns: EdaTurn[]; pending: { idx: number; question: string; history: string; generated: string } | null } {
  const turns: EdaTurn[] = [];
  let question: EventLike | null = null;
  for (const event of events) {
    if (event.from === 'guesser') {
      question = event;
      continue;
    }
    if (!question || question.round !== event.round || (event.from !== 'judge' && event.kind !== 'system')) continue;
    const q = actionOf(question);
    const a = actionOf(event);
    const sent = String(q.question ?? '');
    turns.push({
      idx: event.round,
      question: sent,
      generated: question.text ?? '',
      history: typeof q.history === 'string' ? q.history : sent,
      raw: event.kind === 'system' ? null : event.text,
      label: String(a.label ?? 'other') as JudgeLabel,
      reply: typeof a.reply === 'string' ? a.reply : (event.text ?? ''),
      flags: [...question.flags, ...event.flags],
      guesserCallId: callIdOf(question.callId),
      judgeCallId: callIdOf(event.callId),
    });
    question = null;
  }
  const asked = question ? actionOf(question) : null;
  const pending = question && asked ? { idx: question.round, question: String(asked.question ?? ''), history: String(asked.history ?? asked.question ?? ''), generated: question.text ?? '' } : null;
  return { turns, pending };
}

const LABEL_MARK: Record<string, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'BINGO', other: '??' };

/** The transcript as `parlor show` prints it. */
export function edaTextTranscript(events: readonly EventRecord[]): string[] {
  return edaTurns(events).turns.flatMap((t) => {
    const lines = [`${String(t.idx).padStart(2)}. G: ${t.history}`];
    if (t.generated.trim() !== t.question) lines.push(`      (generated: ${JSON.stringify(t.generated)})`);
    lines.push(`    J: ${t.reply}   [${LABEL_MARK[t.label] ?? '??'}]${t.flags.length ? `   ⚑ ${t.flags.join(', ')}` : ''}`);
    return lines;
  });
}
