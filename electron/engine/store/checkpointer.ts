/**
 * WAL checkpoints off the thread that plays the games. SQLite's automatic checkpoint runs inside the
 * commit that crosses its threshold and copies the whole WAL back into the database file there: with
 * 64 episodes in flight that commit stalled every one of them for 70–120 ms (bench:engine). Once a
 * connection has written enough to need checkpoints, a worker thread with its own connection runs a
 * PASSIVE checkpoint every second instead; PASSIVE never takes the write lock, so commits go on while
 * it copies. The owner keeps SQLite's automatic checkpoint as a far backstop, so the WAL stays bounded
 * even if the worker could not start or died.
 */
import { Worker } from 'node:worker_threads';

export interface CheckpointTarget {
  /** The database file. */
  path: string;
  /** Absolute path of the better-sqlite3 module, so the worker loads the same build as its owner. */
  module: string;
  /** A native binding to load instead of the module's own (the Electron build). */
  binding: string | null;
  busyMs: number;
  everyMs: number;
}

// Plain CommonJS for an eval'd worker: no bundler or loader has to know about it.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path, { timeout: workerData.busyMs, ...(workerData.binding ? { nativeBinding: workerData.binding } : {}) });
const closed = new Int32Array(workerData.closed);
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or gone: the next tick tries again */ } };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  try { db.close(); } finally { Atomics.store(closed, 0, 1); Atomics.notify(closed, 0); parentPort.close(); }
});
`;

/** How long closing waits for the worker to let go of its connection before leaving it to exit. */
const CLOSE_WAIT_MS = 5_000;

export class Checkpointer {
  private readonly worker: Worker;
  private readonly closed = new SharedArrayBuffer(4);
  private alive = true;

  /** Starts the worker; throws when worker threads are unavailable (the caller keeps SQLite's own checkpoints). */
  constructor(target: CheckpointTarget, onFailure: (error: unknown) => void) {
    this.worker = new Worker(SOURCE, { eval: true, workerData: { ...target, closed: this.closed } });
    this.worker.unref(); // a checkpointer never keeps a finished process alive
    this.worker.once('error', (error) => {
      this.alive = false;
      onFailure(error);
    });
    this.worker.once('exit', () => (this.alive = false));
  }

  /** Lets go of the worker's connection before the owner closes its own, so the owner's close is the last and tidies the WAL. */
  close(): void {
    if (!this.alive) return;
    this.alive = false;
    this.worker.postMessage('close');
    Atomics.wait(new Int32Array(this.closed), 0, 0, CLOSE_WAIT_MS);
  }
}
