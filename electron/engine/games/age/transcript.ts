/** An AGE conversation as lines of text (the CLI's `show`): the seating, then each utterance with its guess judged. */
import { actionOf, type EventRecord } from '../../core/events';
import { seatingOf } from './scoring';

function verdict(a: Record<string, unknown>): string {
  if (typeof a.guess !== 'string') return 'no guess';
  if (a.correct === true) return `${a.guess} ✓`;
  return a.ownWord === true ? `${a.guess} (own word)` : `${a.guess} ✗`;
}

export function ageTextTranscript(events: readonly EventRecord[]): string[] {
  const seating = seatingOf(events);
  const player = new Map((seating?.seats ?? []).map((s, k) => [s.seat, `Player ${k + 1} (${s.seat}, group ${s.group}: ${s.word})`]));
  const lines = seating ? ['Speaking order:', ...seating.seats.map((s) => `  ${player.get(s.seat)}`)] : [];
  for (const e of events) {
    const a = actionOf(e);
    const who = player.get(e.from ?? String(a.seat ?? '')) ?? e.from ?? '?';
    if ((e.kind === 'response' || e.kind === 'input') && e.valid === true) {
      lines.push(`R${e.round} ${who}${e.flags.includes('leak') ? ' [LEAK]' : ''}:`, `    ${String(a.description ?? '')}`, `    guess: ${verdict(a)}`);
    } else if ((e.kind === 'response' || e.kind === 'input') && e.valid === false) {
      lines.push(`R${e.round} ${who} (refused): ${(e.text ?? '').replace(/\s+/g, ' ').slice(0, 120)}`);
    } else if (e.kind === 'system' && typeof a.noGuess === 'string') {
      lines.push(`R${e.round} ${player.get(String(a.seat)) ?? String(a.seat)}: no valid answer (${a.noGuess}), no guess`);
    } else if (e.kind === 'system' && typeof a.end === 'string') {
      lines.push(`GM: ${e.text ?? ''}`);
    }
  }
  return lines;
}
