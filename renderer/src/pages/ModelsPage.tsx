import { useState, type FormEvent, type ReactNode } from 'react';
import type { KeyStatus, ModelProfile } from '../../../shared/api/contract';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { draftConfig, draftOf, draftProblems, EMPTY_DRAFT, type Draft, type DraftField } from './modelDraft';
import { PriceTable } from './PriceTable';

const KEY_TEXT: Record<KeyStatus, string> = { stored: 'own key stored', environment: 'key from environment', missing: 'no key', 'not-needed': 'no key needed' };
const LIMITS: DraftField[] = ['timeoutMs', 'maxAttempts', 'rpm', 'tpm'];
const KEY_TITLE: Record<KeyStatus, (name: string) => string> = {
  stored: (name) => `A key typed for this model, used for its calls only (${name} from the environment is the fallback).`,
  environment: (name) => `No key typed for this model: its calls use ${name} from the environment.`,
  missing: (name) => `Type a key for this model, or set ${name} in the environment.`,
  'not-needed': () => 'A local server with no key variable named needs no key.',
};

/** Provider configs the run form picks from; each model's key goes to the key store, never into the database. */
export function ModelsPage() {
  const api = useApi();
  const models = useQuery('models.list', {});
  const info = useQuery('app.info', {});
  const [draft, setDraftState] = useState<Draft>(EMPTY_DRAFT);
  // A field's problem shows once it was left, or once saving was tried: not while the user is still typing it.
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [limitsOpen, setLimitsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<number, { ok: boolean; message: string } | 'testing'>>({});

  const problems = draftProblems(draft);
  const wrong = Object.keys(problems).length;
  const problem = (field: DraftField) => (tried || touched[field] ? problems[field] : undefined);
  const setDraft = (next: Draft) => {
    setDraftState(next);
    setTouched({});
    setTried(false);
    setError(null);
  };
  const set = (key: DraftField) => (event: { target: { value: string } }) => setDraftState((d) => ({ ...d, [key]: event.target.value }));
  const editing = models.data?.find((p) => p.id === draft.id);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setError(null);
    const config = draftConfig(draft);
    if (LIMITS.some((k) => problems[k])) setLimitsOpen(true);
    if (!config) return;
    try {
      await api.call('models.save', {
        ...(draft.id ? { id: draft.id } : {}),
        name: draft.name.trim(),
        config,
        ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
      });
      setDraft(EMPTY_DRAFT);
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
    if (!window.confirm(`Remove the model "${profile.name}" and any key typed for it? Runs that used it keep their copy of its config.`)) return;
    await api.call('models.remove', { id: profile.id }).catch((e: Error) => setError(e.message));
    models.reload();
  };
  const forgetKey = async (profile: ModelProfile) => {
    await api.call('models.forgetKey', { id: profile.id }).catch((e: Error) => setError(e.message));
    models.reload();
  };

  const keyStorage = info.data?.keyStorage === 'safeStorage'
    ? 'Keys typed here are encrypted with the operating system’s key store (Electron safeStorage).'
    : 'Browser mode: keys typed here stay in the server’s memory until it stops. To keep a key, export it as an environment variable before `parlor serve`.';
  const keyVariable = draft.apiKeyEnv.trim() || (draft.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY');

  const field = (key: DraftField, label: string, control: ReactNode, hint?: ReactNode) => (
    <div className={`field${problem(key) ? ' invalid' : ''}`}>
      <label htmlFor={`model-${key}`}>{label}</label>
      {control}
      {problem(key) ? <small id={`model-${key}-problem`} className="field-problem">{problem(key)}</small> : hint ? <small className="hint">{hint}</small> : null}
    </div>
  );
  // Props every checked control shares: its value, its change and leave handlers, and its problem for screen readers.
  const bind = (key: DraftField) => ({
    id: `model-${key}`,
    value: draft[key],
    onChange: set(key),
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    'aria-invalid': !!problem(key),
    'aria-describedby': problem(key) ? `model-${key}-problem` : undefined,
  });

  return (
    <section aria-labelledby="models-title">
      <header className="page-header">
        <h1 id="models-title">Models &amp; keys</h1>
      </header>
      <ErrorNote error={models.error} />
      {(models.data ?? []).length > 0 && (
        <table className="data" data-testid="model-profiles">
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
                <tr key={p.id} data-testid="model-profile" data-key-status={p.keyStatus}>
                  <td>{p.name}</td>
                  <td><code>{p.config.provider}:{p.config.model}</code></td>
                  <td>{p.config.baseUrl ?? 'provider default'}</td>
                  <td>
                    <span className={`badge key-${p.keyStatus}`} title={KEY_TITLE[p.keyStatus](p.keyName)}>{KEY_TEXT[p.keyStatus]}</span>{' '}
                    {p.keyStatus === 'stored' ? <span className="meta">fallback <code>{p.keyName}</code></span> : <code>{p.keyName}</code>}
                  </td>
                  <td>
                    <div className="actions">
                      <button type="button" onClick={() => test(p.id)} disabled={result === 'testing'}>Test connection</button>
                      <button type="button" onClick={() => setDraft(draftOf(p))}>Edit</button>
                      <button type="button" onClick={() => remove(p)}>Remove</button>
                      {p.keyStatus === 'stored' && (
                        <button type="button" data-testid="forget-key" onClick={() => forgetKey(p)} title={`Forget the key typed for ${p.name}; other models keep theirs`}>
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
      <h2>{draft.id ? `Edit ${editing?.name ?? draft.name}` : 'Add a model'}</h2>
      <form className="form-grid" onSubmit={save} noValidate data-testid="model-form">
        {field('name', 'Name', <input {...bind('name')} placeholder="e.g. GPT-4o" />)}
        {field(
          'provider',
          'Provider',
          <select {...bind('provider')}>
            <option value="openai">OpenAI (or OpenAI-compatible)</option>
            <option value="anthropic">Anthropic</option>
          </select>,
        )}
        {field('model', 'Model id', <input {...bind('model')} placeholder="gpt-4o, claude-sonnet-4-5, …" />)}
        {field('baseUrl', 'Base URL', <input {...bind('baseUrl')} placeholder="provider default" />, 'For vLLM, Ollama, llama.cpp or a proxy, e.g. http://127.0.0.1:8000/v1')}
        {field('apiKeyEnv', 'Key variable', <input {...bind('apiKeyEnv')} placeholder={draft.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'} />, 'The environment variable this model’s calls read when no key is typed for it.')}
        {field(
          'apiKey',
          'API key',
          <input {...bind('apiKey')} type="password" autoComplete="off" placeholder={editing?.keyStatus === 'stored' ? 'unchanged (a key is stored)' : `optional if ${keyVariable} is set`} />,
          <>For this model only; other models keep their own. {keyStorage}</>,
        )}
        {field(
          'imageInput',
          'Images per message',
          <select {...bind('imageInput')}>
            <option value="many">Many (vision model)</option>
            <option value="one">One only</option>
            <option value="none">None (text only)</option>
          </select>,
          'A game that shows more images in one message than this is not played with the model: its run is marked “cannot play”, as clembench records it.',
        )}
        <details className="field wide" open={limitsOpen} onToggle={(e) => setLimitsOpen(e.currentTarget.open)}>
          <summary>Limits and retries</summary>
          <div className="form-grid">
            {field('timeoutMs', 'Timeout per call (ms)', <input {...bind('timeoutMs')} inputMode="numeric" />)}
            {field('maxAttempts', 'Attempts per call', <input {...bind('maxAttempts')} inputMode="numeric" />)}
            {field('rpm', 'Requests per minute', <input {...bind('rpm')} inputMode="numeric" placeholder="no limit" />)}
            {field('tpm', 'Tokens per minute', <input {...bind('tpm')} inputMode="numeric" placeholder="no limit" />)}
          </div>
        </details>
        <ErrorNote error={error ?? (tried && wrong ? `Check the ${wrong === 1 ? 'field' : `${wrong} fields`} marked above.` : null)} />
        <div className="form-actions">
          <button type="submit" className="primary">{draft.id ? 'Save changes' : 'Add model'}</button>
          {draft.id && <button type="button" onClick={() => setDraft(EMPTY_DRAFT)}>Cancel</button>}
        </div>
      </form>
      <PriceTable models={(models.data ?? []).map((p) => `${p.config.provider}:${p.config.model}`).join(' ')} />
    </section>
  );
}
