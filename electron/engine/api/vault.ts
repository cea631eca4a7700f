/**
 * Where keys typed into the UI live. The desktop host backs this with Electron's safeStorage
 * (encrypted on disk); browser mode keeps them in memory for the server's lifetime. Keys are named
 * like the environment variables they stand in for, and never written to SQLite or sent to the UI.
 */
export interface KeyVault {
  readonly kind: 'safeStorage' | 'memory';
  get(name: string): string | undefined;
  has(name: string): boolean;
  set(name: string, secret: string): void;
  remove(name: string): boolean;
}

export class MemoryVault implements KeyVault {
  readonly kind: KeyVault['kind'];
  private readonly secrets = new Map<string, string>();

  constructor(initial: Record<string, string> = {}, kind: KeyVault['kind'] = 'memory') {
    this.kind = kind;
    for (const [name, secret] of Object.entries(initial)) this.secrets.set(name, secret);
  }

  get(name: string): string | undefined {
    return this.secrets.get(name);
  }

  has(name: string): boolean {
    return this.secrets.has(name);
  }

  set(name: string, secret: string): void {
    this.secrets.set(name, secret);
  }

  remove(name: string): boolean {
    return this.secrets.delete(name);
  }
}

/** The variables a model factory reads keys from: the environment, with vault entries winning. */
export function keyEnvironment(vault: KeyVault, names: readonly string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const name of names) {
    const secret = vault.get(name);
    if (secret) merged[name] = secret;
  }
  return merged;
}
