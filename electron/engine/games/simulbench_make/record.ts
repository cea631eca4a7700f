/**
 * What an episode's events say: the dialogue so far, the judged first challenging turn, whether the
 * collection failed. Read from the events alone, so the game master resumes from them, the scorer is
 * pure and the script export needs nothing else.
 */
import { actionOf, type EventRecord } from '../../core/events';
import type { DialogueMessage } from './extract';
import type { Task } from './tasks';

export const USER_AGENT = 'user_agent';
export const SIMULATOR = 'simulator';
export const JUDGE = 'judge';

/** The seat's accepted reply in a round, if any. */
export function acceptedReply(events: readonly EventRecord[], seat: string, round: number): EventRecord | undefined {
  return events.find((e) => e.from === seat && e.round === round && e.valid === true && (e.kind === 'response' || e.kind === 'input'));
}

/** Round r holds turn r: its user query (the task description, then the user agent's requests) and the simulator's answer. */
export function dialogueOf(events: readonly EventRecord[], task: Pick<Task, 'task_description'>): DialogueMessage[] {
  const dialogue: DialogueMessage[] = [];
  for (let round = 1; ; round++) {
    const request = round === 1 ? undefined : acceptedReply(events, USER_AGENT, round);
    if (round > 1 && !request) return dialogue;
    dialogue.push({ role: 'user', content: request ? String(actionOf(request).request ?? '') : task.task_description });
    const answer = acceptedReply(events, SIMULATOR, round);
    if (!answer) return dialogue;
    dialogue.push({ role: 'assistant', content: String(actionOf(answer).answer ?? '') });
  }
}

/** The first challenging turn the judge named (0: none), or null when it has not (yet, or ever). */
export function judgedTurn(events: readonly EventRecord[]): number | null {
  const judged = events.find((e) => e.from === JUDGE && e.valid === true && (e.kind === 'response' || e.kind === 'input'));
  const turn = judged ? Number(actionOf(judged).turn) : NaN;
  return Number.isInteger(turn) ? turn : null;
}

/** The collection ended by a rule: a seat gave no readable reply after its retries. */
export function failureOf(events: readonly EventRecord[]): string | null {
  const ended = events.find((e) => e.kind === 'system' && typeof actionOf(e).abort === 'string');
  return ended ? String(actionOf(ended).abort) : null;
}
