import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/api/security';
import { KeyStore } from '../../electron/main/key-store';
import { appIndexUrl, denyAllPermissions, hardenWebContents, isAppUrl, isTrustedSender, WEB_PREFERENCES, windowOptions } from '../../electron/main/security';
import { tempDir } from '../support/tmp';

const RENDERER = '/opt/parlor/dist/renderer';
type Listener = (event: { preventDefault(): void }, url: string) => void;

function fakeContents() {
  const listeners: Record<string, Listener> = {};
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => {
      listeners[name] = listener;
      return contents;
    },
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
      openHandler = handler;
    },
  };
  const opened: string[] = [];
  hardenWebContents(contents as never, RENDERER, (url) => opened.push(url));
  const fire = (name: string, url: string) => {
    const event = { prevented: false, preventDefault() { this.prevented = true; } };
    listeners[name]!(event, url);
    return event.prevented;
  };
  return { fire, opened, open: (url: string) => openHandler!({ url }) };
}

describe('desktop host security settings', () => {
  it('isolates and sandboxes the page, with no Node in it', () => {
    const options = windowOptions('/opt/parlor/dist/electron/preload.cjs');
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/opt/parlor/dist/electron/preload.cjs',
    });
    expect(WEB_PREFERENCES.sandbox).toBe(true);
  });

  it('blocks navigation away from the app and sends web links to the system browser', () => {
    const page = fakeContents();
    expect(page.fire('will-navigate', appIndexUrl(RENDERER))).toBe(false);
    expect(page.fire('will-navigate', 'https://example.com/paper')).toBe(true);
    expect(page.fire('will-redirect', 'http://example.com/')).toBe(true);
    expect(page.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(page.fire('will-navigate', 'javascript:alert(1)')).toBe(true);
    expect(page.fire('will-attach-webview', 'https://example.com')).toBe(true);
    expect(page.opened).toEqual(['https://example.com/paper', 'http://example.com/']);
  });

  it('never opens a new window; web links open outside', () => {
    const page = fakeContents();
    expect(page.open('https://arxiv.org/abs/2310.01468')).toEqual({ action: 'deny' });
    expect(page.open('file:///home/user/.ssh/id_rsa')).toEqual({ action: 'deny' });
    expect(page.open(appIndexUrl(RENDERER))).toEqual({ action: 'deny' });
    expect(page.opened).toEqual(['https://arxiv.org/abs/2310.01468']);
  });

  it('denies every permission request and check', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    denyAllPermissions({
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      setDevicePermissionHandler: (h: never) => (handlers.device = h),
    } as never);
    const callback = vi.fn();
    (handlers.request as (...a: unknown[]) => void)({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    expect((handlers.check as () => boolean)()).toBe(false);
    expect((handlers.device as () => boolean)()).toBe(false);
  });

  it('accepts engine calls only from the app page', () => {
    expect(isTrustedSender(appIndexUrl(RENDERER), RENDERER)).toBe(true);
    expect(isTrustedSender(`${pathToFileURL(RENDERER).href}/assets/x.js`, RENDERER)).toBe(true);
    expect(isTrustedSender('file:///opt/parlor/dist/rendererX/index.html', RENDERER)).toBe(false);
    expect(isTrustedSender('https://example.com', RENDERER)).toBe(false);
    expect(isTrustedSender(undefined, RENDERER)).toBe(false);
    expect(isAppUrl('not a url', RENDERER)).toBe(false);
  });

  it('ships a strict Content-Security-Policy in the built page', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
    const index = join(import.meta.dirname, '../../dist/renderer/index.html');
    if (!existsSync(index)) throw new Error('dist/renderer is not built: npm run build:renderer (npm test does it)');
    const html = readFileSync(index, 'utf8').replaceAll('&#39;', "'");
    expect(html).toContain(`content="${CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '')}"`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script the policy would have to allow
  });

  it('the host wires every one of these settings in', () => {
    const main = readFileSync(join(import.meta.dirname, '../../electron/main/main.ts'), 'utf8');
    for (const call of ['requestSingleInstanceLock()', 'denyAllPermissions(session.defaultSession)', 'windowOptions(', 'hardenWebContents(', 'isTrustedSender(', 'utilityProcess.fork(']) {
      expect(main).toContain(call);
    }
    const preload = readFileSync(join(import.meta.dirname, '../../electron/preload/preload.ts'), 'utf8');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
  });
});

describe('encrypted key store', () => {
  // Stands in for the OS key store: reversible, and never the clear text.
  const crypto = (backend: 'gnome_libsecret' | 'basic_text' = 'gnome_libsecret', available = true) => ({
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (s: string) => Buffer.from([...Buffer.from(s)].map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from([...b].map((x) => x ^ 0x5a)).toString(),
  });

  it('writes keys encrypted, readable only by the owner, and reads them back', () => {
    const file = join(tempDir(), 'keys.json');
    const store = new KeyStore(file, crypto(), 'linux');
    store.set('OPENAI_API_KEY', 'sk-live-123');
    expect(readFileSync(file, 'utf8')).not.toContain('sk-live-123');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new KeyStore(file, crypto(), 'linux').all()).toEqual({ OPENAI_API_KEY: 'sk-live-123' });
    store.remove('OPENAI_API_KEY');
    expect(new KeyStore(file, crypto(), 'linux').all()).toEqual({});
  });

  it('writes nothing where only plain-text storage exists', () => {
    const file = join(tempDir(), 'keys.json');
    for (const store of [new KeyStore(file, crypto('basic_text'), 'linux'), new KeyStore(file, crypto('gnome_libsecret', false), 'linux')]) {
      store.set('ANTHROPIC_API_KEY', 'sk-ant-1');
      expect(store.persistent).toBe(false);
      expect(store.all()).toEqual({ ANTHROPIC_API_KEY: 'sk-ant-1' });
      expect(existsSync(file)).toBe(false);
    }
  });
});
