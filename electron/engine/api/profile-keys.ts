import type { ModelProfile } from '../../../shared/api/views';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';
import { ConflictError } from '../errors';
import type { ProfileRow } from '../store/models';
import { canonicalJson } from '../store/rows';
import type { Store } from '../store/store';
import { adoptSharedKeys, envWithKey, profileKeyName, type KeyVault } from './vault';
import { keyNameOf, modelProfile } from './views';

/** A config's identity: what a run records, so what a run's model can be matched to its profile by. */
function identity(config: unknown): string | null {
  const parsed = ModelConfigSchema.safeParse(config);
  return parsed.success ? canonicalJson(parsed.data) : null;
}

/**
 * The keys typed for saved models, one per profile. A run carries model configs, not profile ids,
 * so a call finds its key through the profile with exactly its settings; `checkSave` keeps that
 * match unique whenever a key is involved.
 */
export class ProfileKeys {
  constructor(
    private readonly store: Store,
    private readonly vault: KeyVault,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  has(profileId: number): boolean {
    return this.vault.has(profileKeyName(profileId));
  }

  set(profileId: number, secret: string): void {
    this.vault.set(profileKeyName(profileId), secret);
  }

  forget(profileId: number): boolean {
    return this.has(profileId) && this.vault.remove(profileKeyName(profileId));
  }

  view(row: ProfileRow): ModelProfile {
    return modelProfile(row, this.has(row.id), this.env);
  }

  profile(profileId: number): ModelProfile {
    return this.view(this.store.models.getProfile(profileId));
  }

  list(): ModelProfile[] {
    return this.store.models.listProfiles().map((row) => this.view(row));
  }

  /** Gives each saved model its copy of a key an older version stored under a variable's name. */
  adoptShared(): number {
    const profiles = this.store.models.listProfiles().flatMap((row) => {
      const parsed = ModelConfigSchema.safeParse(row.config);
      return parsed.success ? [{ id: row.id, keyName: keyNameOf(parsed.data) }] : [];
    });
    return adoptSharedKeys(this.vault, profiles);
  }

  /** The environment to build a model with: its profile's own key, when typed, over the variable's. */
  envFor(config: ModelConfig): NodeJS.ProcessEnv {
    const owner = this.twins(config).find((row) => this.has(row.id));
    return envWithKey(this.env, keyNameOf(config), owner ? this.vault.get(profileKeyName(owner.id)) : undefined);
  }

  /**
   * Refuses a save after which a typed key could be used for another profile's calls: two profiles
   * with the same settings are the same model to a run, so neither may hold a key of its own.
   */
  checkSave(profile: { id?: number; name: string; config: ModelConfig }, typingKey: boolean): void {
    const twins = this.twins(profile.config).filter((row) => row.id !== profile.id);
    if (!twins.length) return;
    const keyed = twins.find((row) => this.has(row.id));
    const mine = typingKey || (profile.id !== undefined && this.has(profile.id));
    if (!keyed && !mine) return;
    const other = keyed ?? twins[0]!;
    throw new ConflictError(
      `"${other.name}" has the same settings as "${profile.name}", so a run could not tell whose key to use. ` +
        `Name a different key variable for one of them (e.g. ${keyNameOf(profile.config)}_2), or use "${other.name}".`,
    );
  }

  private twins(config: unknown): ProfileRow[] {
    const id = identity(config);
    return id === null ? [] : this.store.models.listProfiles().filter((row) => identity(row.config) === id);
  }
}
