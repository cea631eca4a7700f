/**
 * MatchIt's record as lines of text (`parlor show`): each reply under its round, rule breaks marked;
 * with `images`, also which image each player was shown (the image MatchIt).
 */
import { actionOf, type EventRecord } from '../../core/events';

const WHO: Record<string, string> = { player_a: 'A', player_b: 'B' };

export function matchitTextTranscript(events: readonly EventRecord[], images = false): string[] {
  const lines: string[] = [];
  let round = 0;
  for (const event of events) {
    if (event.round !== round) {
      round = event.round;
      lines.push(`— round ${round} —`);
    }
    const text = (event.text ?? '').split('\n').join('\n      ');
    if (event.kind === 'response' || event.kind === 'input') {
      const action = actionOf(event);
      const verdict = typeof action.decision === 'string' ? `   [${action.decision === 'success' ? 'right' : 'wrong'}]` : '';
      const broken = event.valid === false ? `   ⚑ ${event.flags.join(', ')}` : '';
      lines.push(`  ${WHO[event.from ?? ''] ?? event.from}: ${text}${verdict}${broken}`);
    } else if (images && event.kind === 'prompt') {
      for (const part of event.parts ?? []) if (part.type === 'image') lines.push(`  [${WHO[event.to ?? ''] ?? event.to} is shown ${part.name ?? part.ref}]`);
    } else if (event.kind === 'system') {
      lines.push(`  ** ${event.text ?? ''}`);
    }
  }
  return lines;
}
