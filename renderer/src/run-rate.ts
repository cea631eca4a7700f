import { fixed } from '../../shared/text/number';

/** A run's pace as people read it: "12 calls/s · ETA 3 min". Pure, for the progress bar and its test. */
export function etaText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return 'ETA unknown';
  if (seconds < 60) return 'ETA under 1 min';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `ETA ${minutes} min`;
  const hours = seconds / 3600;
  return `ETA ${hours < 10 ? fixed(hours, 1).replace(/\.0$/, '') : Math.round(hours)} h`;
}

export function rateText(callsPerSecond: number): string {
  const rounded = callsPerSecond >= 10 ? Math.round(callsPerSecond) : Math.round(callsPerSecond * 10) / 10;
  return `${rounded} call${rounded === 1 ? '' : 's'}/s`;
}

export function paceText(pace: { callsPerSecond: number; etaSeconds: number | null }): string {
  return `${rateText(pace.callsPerSecond)} · ${etaText(pace.etaSeconds)}`;
}
