import type { EventView, TurnStats } from '../../../shared/api/contract';
import { fixed } from '../../../shared/text/number';

/** "412 tok · 1.3 s": a reply's tokens (in and out) and time, rounded; null when nothing was measured. */
export function turnStatsText(turn: TurnStats | null | undefined): string | null {
  if (!turn) return null;
  const parts = [turn.tokens === null ? null : `${Math.round(turn.tokens).toLocaleString('en-US')} tok`, turn.latencyMs === null ? null : latencyText(turn.latencyMs)];
  const shown = parts.filter((p): p is string => p !== null);
  return shown.length ? shown.join(' · ') : null;
}

/** 850 ms, 1.3 s, 12 s, 2 min 5 s. */
export function latencyText(ms: number): string {
  if (ms < 950) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = ms / 1000;
  if (seconds < 9.95) return `${fixed(seconds, 1)} s`;
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/**
 * Where each hint goes: before the person's reply in the round it was asked (the reply it helped
 * with), keyed by that event's idx; hints of a round with no reply yet are left for the end.
 */
export function placeHints<H extends { round: number }>(events: readonly Pick<EventView, 'idx' | 'round' | 'typedBy'>[], hints: readonly H[]): { at: Map<number, H[]>; end: H[] } {
  const at = new Map<number, H[]>();
  const end: H[] = [];
  for (const hint of hints) {
    const reply = events.find((e) => e.round === hint.round && e.typedBy);
    if (!reply) end.push(hint);
    else at.set(reply.idx, [...(at.get(reply.idx) ?? []), hint]);
  }
  return { at, end };
}
