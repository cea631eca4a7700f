import { fileURLToPath, pathToFileURL } from 'node:url';
import { relative, isAbsolute } from 'node:path';
import type { BrowserWindowConstructorOptions, HandlerDetails, Session, WebContents } from 'electron';

/**
 * The desktop window's security settings, kept apart from the Electron runtime so that tests can
 * check them under plain Node. Electron's own checklist: isolation, sandbox, no Node in the page,
 * no navigation away from the app, no new windows, no permissions, a strict CSP.
 */

export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Parlor',
    backgroundColor: '#16181d',
    webPreferences: { ...WEB_PREFERENCES, preload: preloadPath },
  };
}

/** Whether a URL is one of the app's own pages (a file inside the built renderer). */
export function isAppUrl(url: string, rendererDir: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'file:') return false;
  const path = relative(rendererDir, fileURLToPath(parsed));
  return !path.startsWith('..') && !isAbsolute(path);
}

export function appIndexUrl(rendererDir: string): string {
  return pathToFileURL(`${rendererDir.replace(/[\\/]$/, '')}/index.html`).href;
}

/** Links the system browser may open; everything else (file:, javascript:, custom schemes) is dropped. */
export function isExternalLink(url: string): boolean {
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

type ContentsHooks = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Keeps a page on the app: no navigation elsewhere, no windows, no webviews; links go to the browser. */
export function hardenWebContents(contents: ContentsHooks, rendererDir: string, openExternal: (url: string) => void): void {
  const stay = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url, rendererDir)) return;
    event.preventDefault();
    if (isExternalLink(url)) openExternal(url);
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details: HandlerDetails) => {
    if (isExternalLink(details.url)) openExternal(details.url);
    return { action: 'deny' };
  });
}

type SessionHooks = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;

/** Parlor needs no camera, microphone, notifications, geolocation, USB or HID: refuse them all. */
export function denyAllPermissions(session: SessionHooks): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Only the app's own page may call the engine. */
export function isTrustedSender(frameUrl: string | undefined, rendererDir: string): boolean {
  return frameUrl !== undefined && isAppUrl(frameUrl, rendererDir);
}
