import { useState, type FormEvent } from 'react';
import type { KeyStatus, ModelProfile } from '../../../shared/api/contract';
import { ModelConfigSchema } from '../../../shared/contract/models';
import { describeZodError } from '../../../shared/contract/run';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';

interface Draft {
  id?: number;
  name: string;
  provider: 'openai' | 'anthropic';
  model: string;
  baseUrl: string;
  apiKeyEnv: string;
  apiKey: string;
  timeoutMs: string;
  maxAttempts: string;
  rpm: string;
  tpm: string;
  imageInput: 'many' | 'one' | 'none';
}

const EMPTY: Draft = { name: '', provider: 'openai', model: '', baseUrl: '', apiKeyEnv: '', apiKey: '', timeoutMs: '60000', maxAttempts: '6', rpm: '', tpm: '', imageInput: 'many' };
const KEY_TEXT: Record<KeyStatus, string> = { stored: 'key stored', environment: 'key from environment', missing: 'no key', 'not-needed': 'no key needed' };

function draftOf(profile: ModelProfile): Draft {
  const c = profile.config;
  return {
    id: profile.id,
    name: profile.name,
    provider: c.provider === 'anthropic' ? 'anthropic' : 'openai',
    model: c.model,
    baseUrl: c.baseUrl ?? '',
    apiKeyEnv: c.apiKeyEnv ?? '',
    apiKey: '',
    timeoutMs: String(c.timeoutMs),
    maxAttempts: String(c.maxAttempts),
    rpm: c.rpm ? String(c.rpm) : '',
    tpm: c.tpm ? String(c.tpm) : '',
    imageInput: c.imageInput ?? 'many',
  };
}

/** Provider configs the run form picks from; keys go to the key store, never into the database. */
export function ModelsPage() {
  const api = useApi();
  const models = useQuery('models.list', {});
  const info = useQuery('app.info', {});
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<number, { ok: boolean; message: string } | 'testing'>>({});

  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const optionalNumber = (text: string) => (text.trim() ? Number(text) : undefined);
    const parsed = ModelConfigSchema.safeParse({
      provider: draft.provider,
      model: draft.model,
      ...(draft.baseUrl.trim() ? { baseUrl: draft.baseUrl.trim() } : {}),
      ...(draft.apiKeyEnv.trim() ? { apiKeyEnv: draft.apiKeyEnv.trim() } : {}),
      timeoutMs: optionalNumber(draft.timeoutMs),
      maxAttempts: optionalNumber(draft.maxAttempts),
      rpm: optionalNumber(draft.rpm),
      tpm: optionalNumber(draft.tpm),
      // Absent means many: configs saved before this switch existed read the same.
      ...(draft.imageInput !== 'many' ? { imageInput: draft.imageInput } : {}),
    });
    if (!parsed.success) return setError(describeZodError(parsed.error, 'model'));
    if (!draft.name.trim()) return setError('Give the model a name, e.g. "GPT-4o" or "local vLLM".');
    try {
      await api.call('models.save', {
        ...(draft.id ? { id: draft.id } : {}),
        name: draft.name.trim(),
        config: parsed.data,
        ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
      });
      setDraft(EMPTY);
      models.reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const test = async (id: number) => {
    setTests((t) => ({ ...t, [id]: 'testing' }));
    try {
      const result = await api.call('models.test', { id });
      setTests((t) => ({ ...t, [id]: result }));
    } catch (e) {
      setTests((t) => ({ ...t, [id]: { ok: false, message: (e as Error).message } }));
    }
  };
  const remove = async (profile: ModelProfile) => {
    if (!window.confirm(`Remove the model "${profile.name}"? Runs that used it keep their copy of its config.`)) return;
    await api.call('models.remove', { id: profile.id }).catch((e: Error) => setError(e.message));
    models.reload();
  };

  const forgetKey = async (name: string) => {
    await api.call('keys.remove', { name }).catch((e: Error) => setError(e.message));
    models.reload();
  };

  const keyStorage = info.data?.keyStorage === 'safeStorage'
    ? 'Keys typed here are encrypted with the operating system’s key store (Electron safeStorage).'
    : 'Browser mode: keys typed here stay in the server’s memory until it stops. To keep a key, export it as an environment variable before `parlor serve`.';

  return (
    <section aria-labelledby="models-title">
      <header className="page-header">
        <h1 id="models-title">Models &amp; keys</h1>
      </header>
      <ErrorNote error={models.error} />
      {(models.data ?? []).length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Key</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {(models.data ?? []).map((p) => {
              const result = tests[p.id];
              return (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td><code>{p.config.provider}:{p.config.model}</code></td>
                  <td>{p.config.baseUrl ?? 'provider default'}</td>
                  <td><span className={`badge key-${p.keyStatus}`}>{KEY_TEXT[p.keyStatus]}</span> <code>{p.keyName}</code></td>
                  <td>
                    <div className="actions">
                      <button type="button" onClick={() => test(p.id)} disabled={result === 'testing'}>Test connection</button>
                      <button type="button" onClick={() => setDraft(draftOf(p))}>Edit</button>
                      <button type="button" onClick={() => remove(p)}>Remove</button>
                      {p.keyStatus === 'stored' && (
                        <button type="button" onClick={() => forgetKey(p.keyName)} title={`Every model that uses ${p.keyName} loses it`}>
                          Forget key
                        </button>
                      )}
                    </div>
                    {result && result !== 'testing' && (
                      <div className={result.ok ? 'ok-note' : 'inline-error'} role="status">{result.ok ? '✓ ' : '✗ '}{result.message}</div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <h2>{draft.id ? `Edit ${draft.name}` : 'Add a model'}</h2>
      <form className="form-grid" onSubmit={save} noValidate>
        <div className="field"><label htmlFor="model-name">Name</label><input id="model-name" value={draft.name} onChange={set('name')} placeholder="e.g. GPT-4o" /></div>
        <div className="field">
          <label htmlFor="model-provider">Provider</label>
          <select id="model-provider" value={draft.provider} onChange={set('provider')}>
            <option value="openai">OpenAI (or OpenAI-compatible)</option>
            <option value="anthropic">Anthropic</option>
          </select>
        </div>
        <div className="field"><label htmlFor="model-model">Model id</label><input id="model-model" value={draft.model} onChange={set('model')} placeholder="gpt-4o, claude-sonnet-4-5, …" /></div>
        <div className="field">
          <label htmlFor="model-base-url">Base URL</label>
          <input id="model-base-url" value={draft.baseUrl} onChange={set('baseUrl')} placeholder="provider default" />
          <small className="hint">For vLLM, Ollama, llama.cpp or a proxy, e.g. http://127.0.0.1:8000/v1</small>
        </div>
        <div className="field">
          <label htmlFor="model-key-env">Key variable</label>
          <input id="model-key-env" value={draft.apiKeyEnv} onChange={set('apiKeyEnv')} placeholder={draft.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'} />
          <small className="hint">The environment variable (and key-store name) holding this model’s key.</small>
        </div>
        <div className="field">
          <label htmlFor="model-api-key">API key</label>
          <input id="model-api-key" type="password" autoComplete="off" value={draft.apiKey} onChange={set('apiKey')} placeholder={draft.id ? 'unchanged' : 'optional if the variable is set'} />
          <small className="hint">{keyStorage}</small>
        </div>
        <div className="field">
          <label htmlFor="model-image-input">Images per message</label>
          <select id="model-image-input" value={draft.imageInput} onChange={set('imageInput')}>
            <option value="many">Many (vision model)</option>
            <option value="one">One only</option>
            <option value="none">None (text only)</option>
          </select>
          <small className="hint">A game that shows more images in one message than this is not played with the model: its run is marked “cannot play”, as clembench records it.</small>
        </div>
        <details className="field wide">
          <summary>Limits and retries</summary>
          <div className="form-grid">
            <div className="field"><label htmlFor="model-timeout">Timeout per call (ms)</label><input id="model-timeout" inputMode="numeric" value={draft.timeoutMs} onChange={set('timeoutMs')} /></div>
            <div className="field"><label htmlFor="model-attempts">Attempts per call</label><input id="model-attempts" inputMode="numeric" value={draft.maxAttempts} onChange={set('maxAttempts')} /></div>
            <div className="field"><label htmlFor="model-rpm">Requests per minute</label><input id="model-rpm" inputMode="numeric" value={draft.rpm} onChange={set('rpm')} placeholder="no limit" /></div>
            <div className="field"><label htmlFor="model-tpm">Tokens per minute</label><input id="model-tpm" inputMode="numeric" value={draft.tpm} onChange={set('tpm')} placeholder="no limit" /></div>
          </div>
        </details>
        <ErrorNote error={error} />
        <div className="form-actions">
          <button type="submit" className="primary">{draft.id ? 'Save changes' : 'Add model'}</button>
          {draft.id && <button type="button" onClick={() => setDraft(EMPTY)}>Cancel</button>}
        </div>
      </form>
    </section>
  );
}
