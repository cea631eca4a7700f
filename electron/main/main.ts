/**
 * The desktop host: one window, one engine process, one typed bridge. It holds no app state: runs,
 * models and results live in SQLite behind the engine; keys live in the encrypted key store.
 */
import { app, BrowserWindow, ipcMain, safeStorage, session, shell, utilityProcess, type UtilityProcess } from 'electron';
import { dirname, join } from 'node:path';
import { ApiRequestSchema, type ApiReply, type ApiMethod } from '../../shared/api/contract';
import { BRIDGE_CHANNELS } from '../../shared/api/bridge';
import type { EngineToHost, HostToEngine } from '../../shared/api/host';
import { resolveDbPath } from '../engine/paths';
import { KeyStore } from './key-store';
import { appIndexUrl, denyAllPermissions, hardenWebContents, isTrustedSender, windowOptions } from './security';

// Bundled next to this file: dist/electron/{main.mjs, preload.cjs, engine.mjs}; the renderer in dist/renderer.
const here = import.meta.dirname;
const rendererDir = join(here, '..', 'renderer');
const resourcesDir = app.isPackaged ? process.resourcesPath : join(here, '..', '..');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let engine: UtilityProcess | null = null;
  let keys: KeyStore;
  let nextId = 1;
  const pending = new Map<number, (reply: ApiReply<ApiMethod>) => void>();
  const send = (message: HostToEngine) => engine?.postMessage(message);

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, rendererDir, (url) => void shell.openExternal(url)));

  function startEngine(): Promise<void> {
    // The same file as the CLI and browser mode by default, so a run started in one shows in the others.
    const dbPath = resolveDbPath();
    engine = utilityProcess.fork(join(here, 'engine.mjs'), [], {
      serviceName: 'Parlor engine',
      env: {
        ...process.env,
        PARLOR_APP_VERSION: app.getVersion(),
        PARLOR_DATASETS_DIR: join(resourcesDir, 'datasets'),
      },
    });
    return new Promise((ready, failed) => {
      engine!.on('message', (message: EngineToHost) => {
        switch (message.kind) {
          case 'ready':
            return ready();
          case 'fatal':
            return failed(new Error(message.message));
          case 'reply':
            pending.get(message.id)?.(message.reply as ApiReply<ApiMethod>);
            return pending.delete(message.id);
          case 'event':
            return window?.webContents.send(BRIDGE_CHANNELS.event, message.event);
          case 'vault-set':
            return keys.set(message.name, message.secret);
          case 'vault-remove':
            return keys.remove(message.name);
        }
      });
      engine!.on('exit', (code) => {
        for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'internal', message: `The engine process stopped (exit code ${code}).` } });
        pending.clear();
        failed(new Error(`The engine process exited with code ${code} before it was ready.`));
      });
      send({ kind: 'init', dbPath, keyStorage: keys.persistent ? 'safeStorage' : 'memory', secrets: keys.all() });
    });
  }

  ipcMain.handle(BRIDGE_CHANNELS.invoke, (event, request: unknown) => {
    if (!isTrustedSender(event.senderFrame?.url, rendererDir)) {
      return { ok: false, error: { code: 'unauthorized', message: 'Calls are accepted only from the Parlor window.' } };
    }
    const parsed = ApiRequestSchema.safeParse(request);
    if (!parsed.success) return { ok: false, error: { code: 'bad_request', message: 'Malformed API request.' } };
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      send({ kind: 'call', id, method: parsed.data.method, input: parsed.data.input });
    });
  });

  app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    keys = new KeyStore(join(dirname(resolveDbPath()), 'keys.json'), safeStorage);
    await startEngine();
    window = new BrowserWindow(windowOptions(join(here, 'preload.cjs')));
    window.once('ready-to-show', () => window?.show());
    window.on('closed', () => (window = null));
    await window.loadURL(appIndexUrl(rendererDir));
  }).catch((error: unknown) => {
    console.error(`Parlor could not start: ${error instanceof Error ? error.message : String(error)}`);
    app.exit(1);
  });

  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !engine) return;
    // Let the engine mark runs resumable and close SQLite before the process goes.
    event.preventDefault();
    stopping = true;
    const timer = setTimeout(() => app.exit(0), 5000);
    engine.once('exit', () => {
      clearTimeout(timer);
      app.exit(0);
    });
    send({ kind: 'shutdown' });
  });
  app.on('window-all-closed', () => app.quit());
}
