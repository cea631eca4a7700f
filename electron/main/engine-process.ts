/**
 * The engine in Electron's utility process: SQLite and the runs live here, off the window's main
 * thread. It speaks only the host protocol (shared/api/host.ts) and answers API calls through the
 * same registry as the CLI's HTTP server.
 */
import type { ApiMethod } from '../../shared/api/contract';
import { HostToEngineSchema, type EngineToHost } from '../../shared/api/host';
import { createApiService, type ApiService } from '../engine/api/service';
import { MemoryVault } from '../engine/api/vault';
import { runOwnerAlive } from '../engine/runner/liveness';
import { Store } from '../engine/store/store';

interface ParentPort {
  on(event: 'message', listener: (message: { data: unknown }) => void): void;
  postMessage(message: EngineToHost): void;
}

const port = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!port) throw new Error('engine-process must run as an Electron utility process');
const post = (message: EngineToHost) => port.postMessage(message);

/** Keys live here in memory; every change goes back to the host, which encrypts and stores it. */
class HostVault extends MemoryVault {
  override set(name: string, secret: string): void {
    super.set(name, secret);
    post({ kind: 'vault-set', name, secret });
  }

  override remove(name: string): boolean {
    const had = super.remove(name);
    post({ kind: 'vault-remove', name });
    return had;
  }
}

let service: ApiService | null = null;
let store: Store | null = null;

port.on('message', ({ data }) => {
  const parsed = HostToEngineSchema.safeParse(data);
  if (!parsed.success) return; // Only the host can post here; anything else is ignored.
  const message = parsed.data;
  if (message.kind === 'init') {
    try {
      store = Store.open(message.dbPath);
      if (!store.readOnly) store.runs.reconcileInterrupted((run) => runOwnerAlive(run));
      service = createApiService({ store, vault: new HostVault(message.secrets, message.keyStorage), mode: 'desktop' });
      service.hub.subscribe((event) => post({ kind: 'event', event }));
      post({ kind: 'ready' });
    } catch (error) {
      post({ kind: 'fatal', message: error instanceof Error ? error.message : String(error) });
    }
  } else if (message.kind === 'call') {
    if (!service) return post({ kind: 'reply', id: message.id, reply: { ok: false, error: { code: 'internal', message: 'The engine is still starting.' } } });
    void service.registry.dispatch(message.method as ApiMethod, message.input).then((reply) => post({ kind: 'reply', id: message.id, reply }));
  } else {
    void (async () => {
      await service?.close();
      store?.close();
      post({ kind: 'closed' });
      process.exit(0);
    })();
  }
});
