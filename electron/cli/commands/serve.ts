import { join, sep } from 'node:path';
import { appRoot } from '../../engine/paths';
import { createApiService } from '../../engine/api/service';
import { startHttpServer } from '../../engine/api/http-server';
import { MemoryVault } from '../../engine/api/vault';
import { CliError, openStore } from '../context';
import { ensureRenderer } from '../renderer-build';

export interface ServeFlags {
  port?: string;
  staticDir?: string;
  db?: string;
}

export const DEFAULT_RENDERER_DIR = join(appRoot(), 'dist', 'renderer', sep);

/** Browser mode: the UI and its API on 127.0.0.1 until Ctrl-C; runs in flight stay resumable. */
export async function serveCommand(flags: ServeFlags): Promise<number> {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number, not "${flags.port}".`);
  // The database first: a file it cannot open is said at once, not after a minute of building pages.
  const store = openStore(flags.db);
  // The default pages are built when missing (a fresh clone); a folder given with --static-dir is served as it is.
  try {
    if (flags.staticDir === undefined) await ensureRenderer(DEFAULT_RENDERER_DIR, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    store.close();
    throw error;
  }
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  let server;
  try {
    server = await startHttpServer({ service, staticDir: flags.staticDir ?? DEFAULT_RENDERER_DIR, port });
  } catch (error) {
    store.close();
    throw new CliError((error as Error).message);
  }
  process.stdout.write(`Parlor is running in browser mode. Open:\n\n  ${server.openUrl}\n\n`);
  process.stdout.write(`Database: ${store.path}\nKeys typed into the UI are kept in memory until this server stops. Ctrl-C to stop.\n`);
  // Ctrl-C, `kill` and a closed terminal alike: runs in flight are marked interrupted before the server goes.
  await new Promise<void>((stop) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
  });
  process.stdout.write('Stopping: runs in flight stay resumable…\n');
  await service.close();
  await server.close();
  store.close();
  return 0;
}
