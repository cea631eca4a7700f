import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SafeStorage } from 'electron';

type Crypto = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

/**
 * API keys typed into the UI, encrypted with the OS key store (Keychain, DPAPI, libsecret/kwallet)
 * in a file of their own, never in SQLite. Where only Electron's plain-text fallback exists, keys
 * are not written at all and live for the session.
 */
export class KeyStore {
  private readonly secrets: Record<string, string> = {};
  readonly persistent: boolean;

  constructor(
    private readonly file: string,
    private readonly crypto: Crypto,
    platform: NodeJS.Platform = process.platform,
  ) {
    this.persistent = crypto.isEncryptionAvailable() && !(platform === 'linux' && crypto.getSelectedStorageBackend() === 'basic_text');
    if (this.persistent && existsSync(file)) {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      for (const [name, blob] of Object.entries(stored)) {
        try {
          this.secrets[name] = crypto.decryptString(Buffer.from(blob, 'base64'));
        } catch {
          // A key encrypted by another user or machine cannot be read: it is as good as missing.
        }
      }
    }
  }

  all(): Record<string, string> {
    return { ...this.secrets };
  }

  set(name: string, secret: string): void {
    this.secrets[name] = secret;
    this.save();
  }

  remove(name: string): void {
    delete this.secrets[name];
    this.save();
  }

  private save(): void {
    if (!this.persistent) return;
    const blobs = Object.fromEntries(Object.entries(this.secrets).map(([name, secret]) => [name, this.crypto.encryptString(secret).toString('base64')]));
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(blobs), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}
