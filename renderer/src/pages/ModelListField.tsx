import { useEffect, useRef } from 'react';
import type { ModelProfile, RoleSpec } from '../../../shared/api/contract';
import { BUILTIN } from './newRunForm';

/** The choices of a model select: a prompt, the game's own player where it has one, the saved models. */
export function ModelOptions({ profiles, builtin }: { profiles: readonly ModelProfile[]; builtin: boolean }) {
  return (
    <>
      <option value="">Choose a model…</option>
      {builtin && <option value={BUILTIN}>Built-in player (no model)</option>}
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name} ({p.config.provider}:{p.config.model}){p.keyStatus === 'missing' ? ' — no key' : ''}
        </option>
      ))}
    </>
  );
}

/** A list with the item at `from` moved by `by` places (kept inside the list). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + by));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

interface Props {
  role: RoleSpec & { several: { min: number; max: number } };
  value: readonly string[];
  onChange: (next: string[]) => void;
  profiles: readonly ModelProfile[];
  builtin: boolean;
  problem?: string;
}

/**
 * An ordered list of models for a role several models fill (AGE's players): seat k is held by the
 * k-th model. Native selects and buttons, so it works from the keyboard; focus follows a moved,
 * added or removed row, which would otherwise drop it on the page body.
 */
export function ModelListField({ role, value, onChange, profiles, builtin, problem }: Props) {
  const { min, max } = role.several;
  const noun = role.label.toLowerCase();
  const base = `run-role-${role.id}`;
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [value]);
  const change = (next: string[], focus: string) => {
    focusNext.current = focus;
    onChange(next);
  };
  const firstEmpty = value.findIndex((id) => !id);

  return (
    <fieldset className={`field wide model-list${problem ? ' invalid' : ''}`} id={base} data-testid={`model-list-${role.id}`} aria-describedby={problem ? `${base}-problem` : `${base}-hint`}>
      <legend>{role.label} models</legend>
      <ol>
        {value.map((id, k) => {
          const n = k + 1;
          return (
            <li key={k} data-testid={`model-list-${role.id}-row`}>
              <label htmlFor={`${base}-${n}`}>{role.label} {n}</label>
              <select id={`${base}-${n}`} value={id} onChange={(e) => onChange(value.map((x, i) => (i === k ? e.target.value : x)))} aria-invalid={!!problem && k === firstEmpty}>
                <ModelOptions profiles={profiles} builtin={builtin} />
              </select>
              <button type="button" id={`${base}-${n}-up`} aria-label={`Move ${noun} ${n} up`} disabled={k === 0} onClick={() => change(moved(value, k, -1), k - 1 === 0 ? `${base}-${k}` : `${base}-${k}-up`)}>
                ↑
              </button>
              <button type="button" id={`${base}-${n}-down`} aria-label={`Move ${noun} ${n} down`} disabled={k === value.length - 1} onClick={() => change(moved(value, k, 1), k + 1 === value.length - 1 ? `${base}-${n + 1}` : `${base}-${n + 1}-down`)}>
                ↓
              </button>
              <button type="button" aria-label={`Remove ${noun} ${n}`} disabled={value.length <= min} onClick={() => change(value.filter((_, i) => i !== k), value.length > 1 ? `${base}-${Math.min(n, value.length - 1)}` : `${base}-add`)}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" id={`${base}-add`} disabled={value.length >= max} onClick={() => change([...value, ''], `${base}-${value.length + 1}`)}>
        Add a {noun}
      </button>
      {problem ? (
        <small id={`${base}-problem`} className="field-problem">{problem}</small>
      ) : (
        <small id={`${base}-hint`} className="hint">
          Seat 1 is held by the first model, seat 2 by the second, and so on; {min === max ? `${min}` : `${min} to ${max}`} models. The same model twice plays two seats as one
          player; built-in players are distinct per place in the list (reference-a, reference-b, …).
        </small>
      )}
    </fieldset>
  );
}
