import { useMemo, useState, type FormEvent } from 'react';
import type { ModelProfile } from '../../../shared/api/contract';
import { useApi, useLiveCall, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { count, usd } from '../format';
import { href, navigate } from '../router';

interface Form {
  name: string;
  dataset: string;
  split: string;
  guesser: string;
  judge: string;
  repetitions: string;
  concurrency: string;
  limit: string;
  seed: string;
}

const INITIAL: Form = { name: '', dataset: 'things', split: 'test', guesser: '', judge: '', repetitions: '5', concurrency: '16', limit: '', seed: '' };

/** Field problems the form can tell before asking the engine. */
function localProblems(form: Form): Partial<Record<keyof Form, string>> {
  const problems: Partial<Record<keyof Form, string>> = {};
  const whole = (text: string, min: number, max: number) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
  if (!form.guesser) problems.guesser = 'Choose the model that asks the questions.';
  if (!form.judge) problems.judge = 'Choose the model that answers them.';
  if (!whole(form.repetitions, 1, 100)) problems.repetitions = 'A whole number from 1 to 100 (the paper uses 5).';
  if (!whole(form.concurrency, 1, 1024)) problems.concurrency = 'A whole number from 1 to 1024.';
  if (form.limit && !whole(form.limit, 1, 1_000_000)) problems.limit = 'Empty for the whole split, or a positive whole number.';
  if (form.seed && !whole(form.seed, 0, 2 ** 31 - 1)) problems.seed = 'Empty for a random seed, or a whole number below 2³¹.';
  return problems;
}

function runConfig(form: Form, profiles: readonly ModelProfile[]): unknown {
  const byId = (id: string) => profiles.find((p) => String(p.id) === id)?.config;
  return {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    game: 'eda',
    dataset: { name: form.dataset, split: form.split },
    players: { guesser: byId(form.guesser), judge: byId(form.judge) },
    repetitions: Number(form.repetitions),
    concurrency: Number(form.concurrency),
    ...(form.limit ? { limit: Number(form.limit) } : {}),
    ...(form.seed ? { seed: Number(form.seed) } : {}),
  };
}

export function NewRunPage() {
  const api = useApi();
  const models = useQuery('models.list', {});
  const datasets = useQuery('datasets.list', {});
  const [form, setForm] = useState<Form>(INITIAL);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const profiles = useMemo(() => models.data ?? [], [models.data]);
  const problems = localProblems(form);
  const valid = Object.keys(problems).length === 0;
  const config = useMemo(() => runConfig(form, profiles), [form, profiles]);

  // The estimate follows the form, and doubles as the engine's own validation of the config.
  const estimate = useLiveCall('runs.estimate', valid ? { config } : null);

  const set = (key: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const splits = datasets.data?.find((d) => d.name === form.dataset)?.splits ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const { runId } = await api.call('runs.start', { config });
      navigate(href.run(runId));
    } catch (error) {
      setSubmitError((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: keyof Form, label: string, input: React.ReactNode, hint?: string) => (
    <div className={`field${problems[key] ? ' invalid' : ''}`}>
      <label htmlFor={`run-${key}`}>{label}</label>
      {input}
      {problems[key] ? (
        <small id={`run-${key}-problem`} className="field-problem">{problems[key]}</small>
      ) : hint ? (
        <small className="hint">{hint}</small>
      ) : null}
    </div>
  );
  const describedBy = (key: keyof Form) => (problems[key] ? `run-${key}-problem` : undefined);
  const modelField = (role: 'guesser' | 'judge', label: string, hint?: string) =>
    field(
      role,
      label,
      <select id={`run-${role}`} value={form[role]} onChange={set(role)} aria-invalid={!!problems[role]} aria-describedby={describedBy(role)}>
        <option value="">Choose a model…</option>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.config.provider}:{p.config.model}){p.keyStatus === 'missing' ? ' — no key' : ''}
          </option>
        ))}
      </select>,
      hint,
    );

  return (
    <section aria-labelledby="new-run-title">
      <header className="page-header">
        <h1 id="new-run-title">New run</h1>
      </header>
      {models.data && profiles.length === 0 && (
        <p className="notice">
          No models yet: <a href={href.models()}>add a model</a> first (the guesser and the judge can be the same one).
        </p>
      )}
      <form className="form-grid" onSubmit={submit} noValidate>
        {field('name', 'Name (optional)', <input id="run-name" value={form.name} onChange={set('name')} maxLength={200} />)}
        <div className="field">
          <label htmlFor="run-game">Game</label>
          <select id="run-game" value="eda" onChange={() => {}}>
            <option value="eda">Entity-Deduction Arena (20 questions)</option>
          </select>
        </div>
        {field(
          'dataset',
          'Dataset',
          <select id="run-dataset" value={form.dataset} onChange={set('dataset')}>
            {(datasets.data ?? []).map((d) => (
              <option key={d.name} value={d.name}>{d.name === 'things' ? 'Things' : d.name === 'celebrities' ? 'Celebrities' : d.name}</option>
            ))}
          </select>,
        )}
        {field(
          'split',
          'Split',
          <select id="run-split" value={form.split} onChange={set('split')}>
            {splits.map((s) => (
              <option key={s.split} value={s.split}>{s.split} ({s.entities} entities)</option>
            ))}
          </select>,
        )}
        {modelField('guesser', 'Guesser')}
        {modelField('judge', 'Judge', 'The paper uses GPT-3.5-turbo as the judge.')}
        {field('repetitions', 'Repetitions', <input id="run-repetitions" inputMode="numeric" value={form.repetitions} onChange={set('repetitions')} aria-invalid={!!problems.repetitions} aria-describedby={describedBy('repetitions')} />, 'Table 1 reports mean ± std over 5.')}
        {field('concurrency', 'Episodes in flight', <input id="run-concurrency" inputMode="numeric" value={form.concurrency} onChange={set('concurrency')} aria-invalid={!!problems.concurrency} aria-describedby={describedBy('concurrency')} />)}
        {field('limit', 'Limit (first N entities)', <input id="run-limit" inputMode="numeric" value={form.limit} onChange={set('limit')} placeholder="whole split" aria-invalid={!!problems.limit} aria-describedby={describedBy('limit')} />)}
        {field('seed', 'Seed', <input id="run-seed" inputMode="numeric" value={form.seed} onChange={set('seed')} placeholder="random, recorded" aria-invalid={!!problems.seed} aria-describedby={describedBy('seed')} />)}

        <div className="estimate" aria-live="polite" data-testid="estimate">
          <h2>Estimate</h2>
          {estimate.value ? (
            <p>
              {count(estimate.value.episodes)} episodes · at most {count(estimate.value.calls)} calls ·{' '}
              {count(estimate.value.inputTokens + estimate.value.outputTokens)} tokens · cost{' '}
              {estimate.value.usd === null ? `unknown (no price for ${estimate.value.unpriced.join(', ')}; set one with \`parlor prices set\`)` : `at most ${usd(estimate.value.usd)}`}
            </p>
          ) : (
            <p className="hint">{valid ? 'Estimating…' : 'Fill in the form to see how large the run is.'}</p>
          )}
          <ErrorNote error={estimate.error} />
        </div>
        <ErrorNote error={submitError} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={!valid || submitting || !!estimate.error}>
            {submitting ? 'Checking the models…' : 'Start run'}
          </button>
          <a href={href.runs()}>Cancel</a>
        </div>
      </form>
    </section>
  );
}
