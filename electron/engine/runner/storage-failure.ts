/**
 * A run the file itself stopped (disk full, damaged, unreadable): every committed turn is kept, the run
 * is marked interrupted where the file still takes that write, and the user gets one line saying what
 * to do. Where even that write fails, the run is still `running` under a process that is about to end,
 * and the next open marks it interrupted (see `reconcileInterrupted`).
 */
import { DatabaseError } from '../errors';
import { databaseError } from '../store/db';
import type { Store } from '../store/store';

/** The WAL grows to about this much before a checkpoint copies it back (wal_autocheckpoint = 10,000 pages). */
const WAL_HEADROOM_MB = 40;

/**
 * What to tell the user, once the store takes writes again: another run sharing the store (`parlor
 * serve`) may have lost writes in the same group, and it must stop before anything is written again.
 * The caller lets go of its hold on the store after calling this, or the promise never settles.
 */
export async function afterStorageFailure(store: Store, runId: number, error: unknown): Promise<DatabaseError> {
  await new Promise<void>((resolve) => store.whenRecovered(resolve));
  return interrupted(store, runId, error);
}

/** Marks the run interrupted where the file takes that write, and says what to do in one line. */
function interrupted(store: Store, runId: number, error: unknown): DatabaseError {
  const code = String((error as { code?: unknown }).code ?? '');
  let marked = true;
  try {
    store.runs.interrupt(runId, code === 'SQLITE_FULL' ? 'the disk holding the database was full' : `the database failed: ${(error as Error).message}`);
  } catch {
    marked = false;
  }
  const resume = `resume it with \`parlor run --resume ${runId}\``;
  if (code === 'SQLITE_FULL') {
    return new DatabaseError(`The disk holding ${store.path} is full: free some space (about ${spaceNeededMb(store, runId)} MB for the rest of run ${runId}) and ${resume.replace(' it', '')}.`, { cause: error });
  }
  const described = databaseError(store.path, error);
  const what = described instanceof Error ? described.message : String(error);
  const stopped = `Run ${runId} was stopped${marked ? ' and marked interrupted' : ''}`;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return new DatabaseError(`${what} ${stopped}.`, { cause: error });
  return new DatabaseError(`${what} ${stopped}; ${resume} once the file can be written.`, { cause: error });
}

/** What the rest of the run will take: its episodes left at the bytes its played episodes stored (twice: the calls and the events that quote them), plus the WAL. */
function spaceNeededMb(store: Store, runId: number): number {
  try {
    const [row] = store.runs.list(runId);
    const stored = store.runs.storedCallBytes(runId);
    const left = row ? row.episodes - row.done - row.errors : 0;
    const perEpisode = stored.episodes > 0 ? (2 * stored.bytes) / stored.episodes : 0;
    return Math.ceil((left * perEpisode) / 1e6 + WAL_HEADROOM_MB);
  } catch {
    return WAL_HEADROOM_MB;
  }
}
