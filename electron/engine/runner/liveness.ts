import { hostname } from 'node:os';
import type { RunRow } from '../store/store';

/** A run whose heartbeat is older than this is taken for dead even if its pid was reused. */
export const STALE_HEARTBEAT_MS = 120_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that owns a `running` run is still at work. */
export function runOwnerAlive(run: RunRow, now = Date.now()): boolean {
  const beat = run.heartbeatAt ? Date.parse(run.heartbeatAt) : 0;
  if (now - beat > STALE_HEARTBEAT_MS) return false;
  if (run.host === hostname() && run.pid !== null) return pidAlive(run.pid);
  return true;
}
