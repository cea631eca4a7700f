import { describe, expect, it } from 'vitest';
import { adoptSharedKeys, envWithKey, MemoryVault, profileKeyName } from '../../electron/engine/api/vault';
import { keyStatus } from '../../electron/engine/api/views';
import { ModelConfigSchema } from '../../shared/contract/models';

const openai = ModelConfigSchema.parse({ provider: 'openai', model: 'gpt-4o' });

describe('keys per saved model', () => {
  it('names each profile its own vault entry, apart from variable names', () => {
    expect(profileKeyName(3)).toBe('profile:3');
    expect(profileKeyName(3)).not.toBe(profileKeyName(4));
    expect(profileKeyName(3)).not.toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });

  it('a typed key stands in for the variable; without one the environment is the fallback', () => {
    const env = { OPENAI_API_KEY: 'sk-env' };
    expect(envWithKey(env, 'OPENAI_API_KEY', 'sk-own').OPENAI_API_KEY).toBe('sk-own');
    expect(envWithKey(env, 'OPENAI_API_KEY', undefined).OPENAI_API_KEY).toBe('sk-env');
    expect(env.OPENAI_API_KEY).toBe('sk-env');
  });

  it('says which key applies: the own key, the environment, none, or none needed', () => {
    expect(keyStatus(openai, true, {})).toBe('stored');
    expect(keyStatus(openai, false, { OPENAI_API_KEY: 'x' })).toBe('environment');
    expect(keyStatus(openai, false, {})).toBe('missing');
    expect(keyStatus({ ...openai, baseUrl: 'http://127.0.0.1:8000/v1' }, false, {})).toBe('not-needed');
  });

  it('gives every model its copy of a key an older version shared under a variable name, then drops the shared entry', () => {
    const vault = new MemoryVault({ OPENAI_API_KEY: 'sk-shared', OTHER: 'sk-other' });
    vault.set(profileKeyName(2), 'sk-two');
    const adopted = adoptSharedKeys(vault, [
      { id: 1, keyName: 'OPENAI_API_KEY' },
      { id: 2, keyName: 'OPENAI_API_KEY' },
      { id: 3, keyName: 'ANTHROPIC_API_KEY' },
    ]);
    expect(adopted).toBe(1);
    expect(vault.get(profileKeyName(1))).toBe('sk-shared');
    expect(vault.get(profileKeyName(2))).toBe('sk-two'); // its own key is kept
    expect(vault.has(profileKeyName(3))).toBe(false);
    expect(vault.has('OPENAI_API_KEY')).toBe(false);
    expect(vault.get('OTHER')).toBe('sk-other'); // no model names it: left alone
    expect(adoptSharedKeys(vault, [{ id: 1, keyName: 'OPENAI_API_KEY' }])).toBe(0);
  });
});
