import type { RunStatus } from '../../../shared/contract/records';

const TEXT: Record<RunStatus, string> = {
  created: 'created',
  running: 'running',
  done: 'done',
  interrupted: 'interrupted',
  failed: 'failed',
};

export function StatusBadge({ status, active }: { status: RunStatus; active?: boolean }) {
  const shown = status === 'running' && !active ? 'running (elsewhere)' : TEXT[status];
  return <span className={`badge status-${status}`}>{shown}</span>;
}
