import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useGames } from '../api/games';
import { useApi, useLiveCall, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { counted, duration, usd } from '../format';
import { href, navigate } from '../links';
import { CAPABILITY_UIS } from '../capabilities';
import { ModelListField, ModelOptions } from './ModelListField';
import { defaultSubset, emptyLists, gameDefaults, INITIAL, localProblems, runConfig, shownProblems, withPreset, type Form } from './newRunForm';
import { FixedSubsetSelect } from './FixedSubsetField';
import { PresetField } from './PresetField';
import { GameProblems } from '../components/GameProblems';

/** The capabilities' parts of this form, by capability key. */
const NEW_RUN_SLOTS = CAPABILITY_UIS.flatMap((ui) => (ui.newRun ? [{ key: ui.key, slot: ui.newRun }] : []));

export function NewRunPage() {
  const api = useApi();
  const models = useQuery('models.list', {});
  const { games, gameOf } = useGames();
  const [form, setForm] = useState<Form>(INITIAL);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The capabilities' fields (image sources), each with its value, kept across a change of game.
  const [slotValues, setSlotValues] = useState<Record<string, unknown>>(() => Object.fromEntries(NEW_RUN_SLOTS.map(({ key, slot }) => [key, slot.initial()])));
  const profiles = useMemo(() => models.data ?? [], [models.data]);
  const game = gameOf(form.game);
  // A game's first dataset, its default subset (EDA: test, SimulBench: all) and default settings, until the user picks others.
  useEffect(() => {
    if (!game || form.dataset) return;
    // Only onto the form of this game: a quick change of game must not get the previous game's defaults.
    setForm((f) => (f.game !== game.id || f.dataset ? f : { ...f, ...gameDefaults(game), players: {}, lists: emptyLists(game) }));
  }, [game, form.dataset]);
  const allProblems = localProblems(form, game);
  const valid = Object.keys(allProblems).length === 0 && !!form.dataset;
  // A fresh form shows no problems: each field's once it was left or changed, all once Start was tried.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const problems = shownProblems(allProblems, touched, attempted);
  const slots = useMemo(() => (game ? NEW_RUN_SLOTS.filter(({ slot }) => slot.applies(game)) : []), [game]);
  const config = useMemo(() => (valid ? runConfig(form, game, profiles, Object.assign({}, ...slots.map(({ key, slot }) => slot.config(slotValues[key])))) : null), [form, profiles, valid, game, slots, slotValues]);

  // The estimate follows the form, and doubles as the engine's own validation of the config.
  const estimate = useLiveCall('runs.estimate', config ? { config } : null);

  const set = (key: Exclude<keyof Form, 'players' | 'lists' | 'experiments'>) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const dataset = game?.datasets.find((d) => d.name === form.dataset);
  const experiments = dataset?.subsets.find((x) => x.name === form.subset)?.experiments ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!config) {
      setAttempted(true);
      const first = Object.keys(allProblems)[0];
      if (first) document.getElementById(`run-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      for (const { key, slot } of slots) slot.started?.(slotValues[key]);
      const { runId } = await api.call('runs.start', { config });
      navigate(href.run(runId));
    } catch (error) {
      setSubmitError((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className={`field${problems[key] ? ' invalid' : ''}`} key={key} onBlur={() => touch(key)} onChange={() => touch(key)}>
      <label htmlFor={`run-${key}`}>{label}</label>
      {input}
      {problems[key] ? <small id={`run-${key}-problem`} className="field-problem">{problems[key]}</small> : hint ? <small className="hint">{hint}</small> : null}
    </div>
  );
  const describedBy = (key: string) => (problems[key] ? `run-${key}-problem` : undefined);
  const numberField = (key: 'repetitions' | 'concurrency' | 'limit' | 'seed', label: string, placeholder?: string, hint?: string) =>
    field(key, label, <input id={`run-${key}`} inputMode="numeric" value={form[key]} onChange={set(key)} placeholder={placeholder} aria-invalid={!!problems[key]} aria-describedby={describedBy(key)} />, hint);

  return (
    <section aria-labelledby="new-run-title">
      <header className="page-header">
        <h1 id="new-run-title">New run</h1>
      </header>
      <GameProblems />
      {models.data && profiles.length === 0 && (
        <p className="notice">
          No models yet: <a href={href.models()}>add a model</a> first (one model can play every role).
        </p>
      )}
      <form className="form-grid" onSubmit={submit} noValidate>
        {field('name', 'Name (optional)', <input id="run-name" value={form.name} onChange={set('name')} maxLength={200} />)}
        {field(
          'game',
          'Game',
          <select id="run-game" value={form.game} onChange={(e) => setForm({ ...INITIAL, game: e.target.value })}>
            {games.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
          </select>,
        )}
        {game && game.presets.length > 0 && <PresetField game={game} value={form.preset} onChange={(id) => setForm((f) => withPreset(f, game, id))} />}
        {field(
          'dataset',
          'Dataset',
          <select id="run-dataset" value={form.dataset} onChange={(e) => setForm((f) => ({ ...f, dataset: e.target.value, experiments: [], fixed: '', subset: defaultSubset(game, e.target.value) }))}>
            {(game?.datasets ?? []).map((d) => <option key={d.name} value={d.name}>{d.title}</option>)}
          </select>,
        )}
        {field(
          'subset',
          game ? game.view.nouns.subset.charAt(0).toUpperCase() + game.view.nouns.subset.slice(1) : 'Subset',
          <select id="run-subset" value={form.subset} onChange={(e) => setForm((f) => ({ ...f, subset: e.target.value, fixed: '' }))}>
            {(dataset?.subsets ?? []).map((s) => <option key={s.name} value={s.name}>{s.name} ({s.instances} {game?.view.nouns.instances})</option>)}
          </select>,
        )}
        {field(
          'fixed',
          'Fixed subset',
          <FixedSubsetSelect id="run-fixed" game={form.game} dataset={form.dataset} subset={form.subset} value={form.fixed} onChange={(fixed) => setForm((f) => ({ ...f, fixed }))} />,
          'The same items for every run and person who chooses it (define your own under Datasets).',
        )}
        {experiments.length > 0 &&
          field(
            'experiments',
            'Experiments',
            <fieldset id="run-experiments" className="checks">
              {experiments.map((x) => (
                <label key={x}>
                  <input type="checkbox" checked={form.experiments.includes(x)} onChange={(e) => setForm((f) => ({ ...f, experiments: e.target.checked ? [...f.experiments, x] : f.experiments.filter((y) => y !== x) }))} /> {x}
                </label>
              ))}
            </fieldset>,
            'None ticked: every experiment. A limit keeps the first N of each.',
          )}
        {(game?.roles ?? []).map(({ several, ...role }) =>
          several ? (
            <ModelListField
              key={`role-${role.id}`}
              role={{ ...role, several }}
              value={form.lists[role.id] ?? []}
              onChange={(list) => {
                touch(`role-${role.id}`);
                setForm((f) => ({ ...f, lists: { ...f.lists, [role.id]: list } }));
              }}
              profiles={profiles}
              builtin={!!game?.builtinRoles.includes(role.id)}
              problem={problems[`role-${role.id}`]}
            />
          ) : (
            field(
              `role-${role.id}`,
              role.label,
              <select id={`run-role-${role.id}`} value={form.players[role.id] ?? ''} onChange={(e) => setForm((f) => ({ ...f, players: { ...f.players, [role.id]: e.target.value } }))} aria-invalid={!!problems[`role-${role.id}`]} aria-describedby={describedBy(`role-${role.id}`)}>
                <ModelOptions profiles={profiles} builtin={!!game?.builtinRoles.includes(role.id)} />
              </select>,
            )
          ),
        )}
        {game &&
          slots.map(({ key, slot }) => (
            <Fragment key={key}>
              {slot.render({
                game,
                value: slotValues[key],
                onChange: (value) => setSlotValues((v) => ({ ...v, [key]: value })),
                choice: { game: form.game, dataset: { name: form.dataset, ...(form.subset ? { subset: form.subset } : {}), ...(form.experiments.length ? { experiments: form.experiments } : {}) }, ...(/^\d+$/.test(form.limit) ? { limit: Number(form.limit) } : {}) },
              })}
            </Fragment>
          ))}
        {numberField('repetitions', 'Repetitions', undefined, 'Tables report mean ± std over repetitions.')}
        {field(
          'mode',
          'Mode',
          <select id="run-mode" value={form.mode} onChange={(e) => setForm((f) => ({ ...f, mode: e.target.value === 'batch' ? 'batch' : 'live' }))}>
            <option value="live">Live: calls one by one, paced to the provider&apos;s limits</option>
            <option value="batch">Batch: the providers&apos; batch services, half price, within 24 h</option>
          </select>,
          form.mode === 'batch' ? 'Every episode is in flight; each step of all of them is one batch per model. Parlor may be closed while batches are out: resuming the run collects them.' : undefined,
        )}
        {form.mode === 'batch' &&
          field(
            'batchRoles',
            'Batch only these roles',
            <fieldset id="run-batchRoles" className="checks">
              {(game?.roles ?? []).map((r) => (
                <label key={r.id}>
                  <input type="checkbox" checked={form.batchRoles.includes(r.id)} onChange={(e) => setForm((f) => ({ ...f, batchRoles: e.target.checked ? [...f.batchRoles, r.id] : f.batchRoles.filter((x) => x !== r.id) }))} /> {r.label}
                </label>
              ))}
            </fieldset>,
            'None ticked: every role. Tick one role alone to batch only its calls and play the rest live.',
          )}
        {form.mode === 'batch' &&
          field('pollSeconds', 'Ask for results every (s)', <input id="run-pollSeconds" inputMode="decimal" value={form.pollSeconds} onChange={set('pollSeconds')} aria-invalid={!!problems.pollSeconds} aria-describedby={describedBy('pollSeconds')} />, 'Batches take minutes to hours; asking more often does not make them faster.')}
        {form.mode === 'live' && numberField('concurrency', 'Episodes in flight')}
        {numberField('limit', `Limit (first N ${game?.view.nouns.instances ?? 'instances'})`, 'all of them')}
        {numberField('seed', 'Seed', 'random, recorded')}
        <details className="field wide">
          <summary>Game settings (the paper's by default)</summary>
          {field('settings', 'Settings (JSON)', <textarea id="run-settings" rows={8} value={form.settings} onChange={set('settings')} spellCheck={false} aria-invalid={!!problems.settings} aria-describedby={describedBy('settings')} />, 'Checked by the game as you type; the estimate below shows its objections.')}
        </details>

        <div className="estimate" aria-live="polite" data-testid="estimate">
          <h2>Estimate</h2>
          {estimate.value ? (
            <p>
              {counted(estimate.value.episodes, 'episode')} · at most {counted(estimate.value.calls, 'call')} · {counted(estimate.value.inputTokens + estimate.value.outputTokens, 'token')} · cost{' '}
              {estimate.value.usd === null ? `unknown (no price for ${estimate.value.unpriced.join(', ')}; set one with \`parlor prices set\`)` : `at most ${usd(estimate.value.usd)}`}
              {estimate.value.leftOut?.length ? <span data-testid="estimate-left-out"> · left out for missing images: {estimate.value.leftOut.join(', ')}</span> : null}
            </p>
          ) : null}
          {estimate.value ? (
            <table className="data estimate-modes" data-testid="estimate-modes">
              <thead>
                <tr>
                  <th scope="col">Mode</th>
                  <th scope="col" className="num">Cost at most</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                <tr className={form.mode === 'live' ? 'chosen' : undefined}>
                  <th scope="row">Live</th>
                  <td className="num">{estimate.value.modes.live.usd === null ? 'unknown' : usd(estimate.value.modes.live.usd)}</td>
                  <td>{estimate.value.modes.live.minutes === 0 ? 'at once,' : `about ${duration(estimate.value.modes.live.minutes)}`} {estimate.value.modes.live.basis}</td>
                </tr>
                <tr className={form.mode === 'batch' ? 'chosen' : undefined}>
                  <th scope="row">Batch</th>
                  <td className="num">{estimate.value.modes.batch.usd === null ? 'unknown' : usd(estimate.value.modes.batch.usd)}</td>
                  <td>{estimate.value.modes.batch.basis}</td>
                </tr>
              </tbody>
            </table>
          ) : (
            <p className="hint">{valid ? 'Estimating…' : 'Fill in the form to see how large the run is.'}</p>
          )}
          <ErrorNote error={estimate.error} />
        </div>
        <ErrorNote error={submitError} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={submitting || (valid && !!estimate.error)}>
            {submitting ? 'Checking the models…' : 'Start run'}
          </button>
          <a href={href.runs()}>Cancel</a>
        </div>
      </form>
    </section>
  );
}
