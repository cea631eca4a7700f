import type { Store } from '../store/store';
import type { EventHub } from './events';

/**
 * Notices what another process writes to the same database file (a `parlor run` in a terminal, a
 * second app on the file) and tells the pages, so a run started elsewhere shows up and moves on without
 * a reload. SQLite's data_version changes only for other connections' commits: it is read every
 * `intervalMs` (a cheap pragma, nothing else while nothing changed); when it moved, each run's marks
 * (Runs.marks) are compared and the UI hears which runs changed ('run-changed', which the run's page
 * and the runs list follow) and whether runs came or went ('runs-changed'). This process announces its
 * own writes itself. Nothing is read while no page listens. Returns the function that stops it.
 */
export function watchStore(store: Store, hub: EventHub, intervalMs = 1000): () => void {
  // The baseline: what was there when the service started (what changed while no page listened is told when one does).
  let version = store.externalVersion();
  let marks = store.runs.marks();
  const check = () => {
    if (hub.size === 0) return;
    const now = store.externalVersion();
    if (now === version) return;
    const next = store.runs.marks();
    for (const [runId, mark] of next) if (marks.has(runId) && marks.get(runId) !== mark) hub.emit({ type: 'run-changed', runId });
    const came = [...next.keys()].some((id) => !marks.has(id));
    const went = [...marks.keys()].some((id) => !next.has(id));
    if (came || went) hub.emit({ type: 'runs-changed' });
    version = now;
    marks = next;
  };
  const timer = setInterval(() => {
    try {
      check();
    } catch {
      // The store was closed under the watch (the service is stopping): nothing to tell.
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
