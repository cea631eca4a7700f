import type { EventView } from '../../../../shared/api/contract';

/** An EDA turn as the views show it (the engine's game folder documents the events it reads from). */
export interface Turn {
  idx: number;
  question: string;
  /** As generated, when the game rewrote it before the judge saw it. */
  generated: string | null;
  answer: string;
  label: string;
  mustGuess: boolean;
  flags: string[];
  guesserCallId: number | null;
  judgeCallId: number | null;
  /** The question's and the answer's events: their calls' tokens and time, or the person who typed them. */
  asked: Pick<EventView, 'callId' | 'turn' | 'typedBy'>;
  answered: Pick<EventView, 'callId' | 'turn' | 'typedBy'>;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const action = (e: EventView) => (e.action && typeof e.action === 'object' ? (e.action as Record<string, unknown>) : {});

/** Pairs each question with its answer (or the rules' Bingo); `mustGuessSuffix` comes from the run's settings. */
export function turnsOf(events: readonly EventView[], mustGuessSuffix: string): Turn[] {
  const turns: Turn[] = [];
  let question: EventView | null = null;
  for (const e of events) {
    if (e.from === 'guesser') question = e;
    else if (question && question.round === e.round && (e.from === 'judge' || e.kind === 'system')) {
      const sent = text(action(question).question, '');
      const answer = text(action(e).reply, e.text ?? '');
      turns.push({
        idx: e.round,
        question: sent,
        generated: question.text !== null && question.text.trim() !== sent ? question.text : null,
        answer,
        label: text(action(e).label, 'other'),
        mustGuess: mustGuessSuffix !== '' && answer.endsWith(mustGuessSuffix),
        flags: [...question.flags, ...e.flags],
        guesserCallId: question.callId,
        judgeCallId: e.callId,
        asked: { callId: question.callId, turn: question.turn ?? null, typedBy: question.typedBy ?? null },
        answered: { callId: e.callId, turn: e.turn ?? null, typedBy: e.typedBy ?? null },
      });
      question = null;
    }
  }
  return turns;
}

export const LABEL_TEXT: Record<string, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'Bingo!', other: 'off-format' };

export function settingsOf(settings: unknown): { maxTurns: number; mustGuessSuffix: string } {
  const s = (settings ?? {}) as { maxTurns?: unknown; mustGuessSuffix?: unknown };
  return { maxTurns: typeof s.maxTurns === 'number' ? s.maxTurns : 20, mustGuessSuffix: typeof s.mustGuessSuffix === 'string' ? s.mustGuessSuffix : '' };
}
