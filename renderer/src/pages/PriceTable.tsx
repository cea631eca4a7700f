import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiInput, PriceTableView, PriceView } from '../../../shared/api/contract';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { when } from '../format';
import { EMPTY_PRICE, priceDraftOf, priceInput, priceProblems, type PriceDraft, type PriceField } from './priceDraft';

const PROVIDERS = ['openai', 'anthropic'] as const;

// Prices per million tokens go below a cent ($0.075): up to four decimals, at least two.
const perMillion = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/**
 * The price table, USD per million tokens: what a run's cost and a budget are computed from.
 * `models` names the saved models, so the list of those without a price follows them.
 */
export function PriceTable({ models }: { models: string }) {
  const api = useApi();
  const query = useQuery('prices.list', {});
  const [table, setTable] = useState<PriceTableView | null>(null);
  const { reload } = query;
  useEffect(() => {
    setTable(null);
    reload();
  }, [models, reload]);
  const [draft, setDraft] = useState<PriceDraft>(EMPTY_PRICE);
  const [touched, setTouched] = useState<Partial<Record<PriceField, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const shown = table ?? query.data;
  const problems = priceProblems(draft);
  const problem = (field: PriceField) => (touched[field] ? problems[field] : undefined);

  const start = (next: PriceDraft) => {
    setDraft(next);
    setTouched({});
    setError(null);
  };
  const set = (key: 'provider' | 'model' | 'input' | 'output' | 'cached' | 'cacheWrite') => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const touch = (field: PriceField) => () => setTouched((t) => ({ ...t, [field]: true }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ provider: true, model: true, input: true, output: true, cached: true, cacheWrite: true });
    const input = priceInput(draft);
    if (!input) return;
    try {
      setTable(await api.call('prices.set', input));
      start(EMPTY_PRICE);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async (price: PriceView) => {
    if (!window.confirm(`Remove the price of ${price.provider}:${price.model}? Costs of runs that used it become unknown.`)) return;
    try {
      setTable(await api.call('prices.remove', { provider: price.provider as ApiInput<'prices.remove'>['provider'], model: price.model }));
      if (draft.editing && draft.provider === price.provider && draft.model === price.model) start(EMPTY_PRICE);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const field = (key: PriceField, label: string, control: ReactNode, hint?: string) => (
    <div className={`field${problem(key) ? ' invalid' : ''}`}>
      <label htmlFor={`price-${key}`}>{label}</label>
      {control}
      {problem(key) ? <small id={`price-${key}-problem`} className="field-problem">{problem(key)}</small> : hint ? <small className="hint">{hint}</small> : null}
    </div>
  );
  const described = (key: PriceField) => ({ 'aria-invalid': !!problem(key), 'aria-describedby': problem(key) ? `price-${key}-problem` : undefined, onBlur: touch(key) });

  return (
    <section aria-labelledby="prices-title" data-testid="price-table">
      <h2 id="prices-title">Prices</h2>
      <p className="meta">USD per million tokens, input and output; batch calls cost half. Parlor ships no prices: they change too often. A run whose models all have a price shows its cost; otherwise its cost is unknown.</p>
      <ErrorNote error={query.error} />
      {shown && shown.prices.length === 0 && <p className="meta">No prices yet.</p>}
      {shown && shown.prices.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col" className="num">Input $/M tokens</th>
              <th scope="col" className="num">Output $/M tokens</th>
              <th scope="col" className="num" title="Prompt tokens read from the provider's cache; default: half the input price on OpenAI, a tenth on Anthropic">Cached input</th>
              <th scope="col" className="num" title="Prompt tokens written to Anthropic's cache; default: 1.25 × input">Cache write</th>
              <th scope="col">Updated</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {shown.prices.map((p) => (
              <tr key={`${p.provider}:${p.model}`} data-testid="price-row">
                <td><code>{p.provider}:{p.model}</code></td>
                <td className="num">{perMillion(p.inputPerMTok)}</td>
                <td className="num">{perMillion(p.outputPerMTok)}</td>
                <td className="num">{p.cachedInputPerMTok === null ? <span className="meta">default</span> : perMillion(p.cachedInputPerMTok)}</td>
                <td className="num">{p.cacheWritePerMTok === null ? <span className="meta">default</span> : perMillion(p.cacheWritePerMTok)}</td>
                <td>{when(p.updatedAt)}</td>
                <td>
                  <div className="actions compact">
                    <button type="button" onClick={() => start(priceDraftOf(p, true))} aria-label={`Edit the price of ${p.provider}:${p.model}`}>Edit</button>
                    <button type="button" onClick={() => void remove(p)} aria-label={`Remove the price of ${p.provider}:${p.model}`}>Remove</button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown && shown.missing.length > 0 && (
        <div className="price-missing" data-testid="price-missing">
          <span className="meta">Saved models without a price:</span>{' '}
          {shown.missing.map((m) => (
            <button key={`${m.provider}:${m.model}`} type="button" className="chip" onClick={() => start({ ...priceDraftOf(m, false), input: '', output: '' })} title={`Saved as ${m.profiles.join(', ')}`}>
              Add price for {m.provider}:{m.model}
            </button>
          ))}
        </div>
      )}
      <h3>{draft.editing ? `Edit the price of ${draft.provider}:${draft.model}` : 'Add a price'}</h3>
      <form className="form-grid" onSubmit={save} noValidate>
        {field(
          'provider',
          'Service',
          <select id="price-provider" value={draft.provider} onChange={set('provider')} disabled={draft.editing} {...described('provider')}>
            {[...new Set([...PROVIDERS, draft.provider])].map((p) => <option key={p} value={p}>{p}</option>)}
          </select>,
        )}
        {field('model', 'Priced model', <input id="price-model" value={draft.model} onChange={set('model')} readOnly={draft.editing} placeholder="gpt-4o" {...described('model')} />, 'As the run records it, e.g. gpt-4o.')}
        {field('input', 'Input $ per million tokens', <input id="price-input" inputMode="decimal" value={draft.input} onChange={set('input')} placeholder="2.50" {...described('input')} />)}
        {field('output', 'Output $ per million tokens', <input id="price-output" inputMode="decimal" value={draft.output} onChange={set('output')} placeholder="10.00" {...described('output')} />)}
        {field('cached', 'Cached input $ per million (optional)', <input id="price-cached" inputMode="decimal" value={draft.cached} onChange={set('cached')} placeholder="default" {...described('cached')} />, 'Empty: half the input price on OpenAI, a tenth on Anthropic.')}
        {field('cacheWrite', 'Cache write $ per million (optional)', <input id="price-cacheWrite" inputMode="decimal" value={draft.cacheWrite} onChange={set('cacheWrite')} placeholder="default" {...described('cacheWrite')} />, 'Empty: 1.25 × input on Anthropic.')}
        <ErrorNote error={error} />
        <div className="form-actions">
          <button type="submit" className="primary">{draft.editing ? 'Save price' : 'Add price'}</button>
          {(draft.editing || draft.model) && <button type="button" onClick={() => start(EMPTY_PRICE)}>Cancel</button>}
        </div>
      </form>
    </section>
  );
}
