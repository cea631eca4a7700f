/**
 * Where keys typed into the UI live. The desktop host backs this with Electron's safeStorage
 * (encrypted on disk); browser mode keeps them in memory for the server's lifetime. Each saved model
 * has its own entry (`profileKeyName`), never written to SQLite or sent to the UI.
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

/**
 * The vault entry of one saved model's key. The colon keeps it apart from the environment-variable
 * names that older versions stored keys under (see `adoptSharedKeys`).
 */
export function profileKeyName(profileId: number): string {
  return `profile:${profileId}`;
}

/** The environment a model is built with: `secret`, when there is one, stands in for variable `name`. */
export function envWithKey(env: NodeJS.ProcessEnv, name: string, secret: string | undefined): NodeJS.ProcessEnv {
  return secret ? { ...env, [name]: secret } : env;
}

/**
 * Older versions stored a typed key under its variable's name, shared by every model naming that
 * variable. Each of those models gets its own copy and the shared entry goes, so nothing a user
 * typed stops working and forgetting one model's key no longer touches the others.
 */
export function adoptSharedKeys(vault: KeyVault, profiles: readonly { id: number; keyName: string }[]): number {
  let adopted = 0;
  const shared = new Set<string>();
  for (const p of profiles) {
    const secret = vault.get(p.keyName);
    if (!secret) continue;
    shared.add(p.keyName);
    if (vault.has(profileKeyName(p.id))) continue;
    vault.set(profileKeyName(p.id), secret);
    adopted++;
  }
  for (const name of shared) vault.remove(name);
  return adopted;
}
