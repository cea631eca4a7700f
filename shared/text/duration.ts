import { fixed } from './number';

/** A rough duration from minutes, as the CLI and the app print estimates: "45 s", "12 min", "3.5 h". */
export function duration(minutes: number): string {
  if (minutes < 1) return `${Math.max(1, Math.round(minutes * 60))} s`;
  if (minutes < 90) return `${Math.round(minutes)} min`;
  return `${fixed(minutes / 60, 1)} h`;
}
