/** The New run form's state and the pure steps from it to a run config: defaults, presets, checks. */
import type { GameInfo, ModelProfile, RoleSpec } from '../../../shared/api/contract';
import { DEFAULT_GAME } from '../../../shared/contract/default-game';

export interface Form {
  name: string;
  game: string;
  /** The preset the form was last filled from ('' for none). */
  preset: string;
  dataset: string;
  subset: string;
  /** A fixed subset of the split to play ('' for the whole split). */
  fixed: string;
  /** Model profile id (or BUILTIN) per role of one player. */
  players: Record<string, string>;
  /** Per role several models fill: one choice per seat, in seat order ('' until chosen). */
  lists: Record<string, string[]>;
  repetitions: string;
  /** Only these experiments (none chosen: all). */
  experiments: string[];
  concurrency: string;
  limit: string;
  seed: string;
  /** The game's settings as JSON, prefilled with its defaults (the paper's). */
  settings: string;
  /** Live calls, or the providers' batch services at half price. */
  mode: 'live' | 'batch';
  /** In batch mode, only these roles' calls go in batches (none ticked: all). */
  batchRoles: string[];
  /** In batch mode, how often to ask a batch for its state, in seconds. */
  pollSeconds: string;
}

export type Problems = Partial<Record<string, string>>;

/** The value the model selects give the game's own player. */
export const BUILTIN = 'builtin';

export const INITIAL: Form = { name: '', game: DEFAULT_GAME, preset: '', dataset: '', subset: '', fixed: '', experiments: [], players: {}, lists: {}, repetitions: '5', concurrency: '16', limit: '', seed: '', settings: '', mode: 'live', batchRoles: [], pollSeconds: '30' };

/**
 * Settings as indented JSON, with arrays of plain values on one line (`"groups": [2, 2]`) so a short
 * list reads and edits as one value. JSON strings hold no raw newlines, so only layout changes.
 */
export function settingsJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\n\s*([^[\]{}]*?)\n\s*\]/g, (_whole, inner: string) => `[${inner.replace(/,\n\s*/g, ', ')}]`);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type DataFields = Pick<Form, 'preset' | 'dataset' | 'subset' | 'fixed' | 'experiments' | 'repetitions' | 'settings'>;

/** The subset a dataset of the game starts on: the one a run plays when none is named (EDA: test, SimulBench: all). */
export function defaultSubset(game: GameInfo | undefined, dataset: string): string {
  return game?.datasets.find((d) => d.name === dataset)?.defaultSubset ?? '';
}

/** A game's first dataset, its default subset, its repetitions and default settings. */
export function gameDefaults(game: GameInfo): DataFields {
  const dataset = game.datasets[0];
  return { preset: '', dataset: dataset?.name ?? '', subset: dataset?.defaultSubset ?? '', fixed: '', experiments: [], repetitions: String(game.defaultRepetitions), settings: settingsJson(game.defaultSettings) };
}

/** Empty model choices for a new form: one seat's worth for a role several models fill. */
export function emptyLists(game: GameInfo): Form['lists'] {
  return Object.fromEntries(game.roles.filter((r) => r.several).map((r) => [r.id, Array.from({ length: Math.max(1, r.several!.min) }, () => '')]));
}

/** The form filled from a preset (its data, settings over the game's defaults, repetitions); '' restores the game's defaults. */
export function withPreset(form: Form, game: GameInfo, presetId: string): Form {
  const preset = game.presets.find((p) => p.id === presetId);
  if (!preset) return { ...form, ...gameDefaults(game) };
  const settings = isRecord(game.defaultSettings) ? { ...game.defaultSettings, ...preset.settings } : preset.settings;
  return { ...form, preset: preset.id, dataset: preset.dataset.name, subset: preset.dataset.subset ?? defaultSubset(game, preset.dataset.name), fixed: '', experiments: [], repetitions: String(preset.repetitions), settings: settingsJson(settings) };
}

/** What is wrong with a role's list of models, if anything. */
export function listProblem(list: readonly string[], role: RoleSpec): string | undefined {
  const { min, max } = role.several ?? { min: 1, max: 1 };
  const noun = role.label.toLowerCase();
  if (list.length < min) return `Name at least ${min} model${min === 1 ? '' : 's'}, one per ${noun}.`;
  if (list.length > max) return `At most ${max} models: remove ${list.length - max}.`;
  const empty = list.findIndex((id) => !id);
  return empty < 0 ? undefined : `Choose the model for ${noun} ${empty + 1}.`;
}

const whole = (text: string, min: number, max: number) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

/** Field problems the form can tell before asking the engine. */
export function localProblems(form: Form, game: GameInfo | undefined): Problems {
  const problems: Problems = {};
  for (const role of game?.roles ?? []) {
    const problem = role.several ? listProblem(form.lists[role.id] ?? [], role) : form.players[role.id] ? undefined : `Choose the model for the ${role.label.toLowerCase()}.`;
    if (problem) problems[`role-${role.id}`] = problem;
  }
  if (!whole(form.repetitions, 1, 100)) problems.repetitions = 'A whole number from 1 to 100.';
  if (!whole(form.concurrency, 1, 1024)) problems.concurrency = 'A whole number from 1 to 1024.';
  if (form.limit && !whole(form.limit, 1, 1_000_000)) problems.limit = 'Empty for all of them, or a positive whole number.';
  if (form.mode === 'batch' && !(/^\d+(\.\d+)?$/.test(form.pollSeconds) && Number(form.pollSeconds) >= 0.01 && Number(form.pollSeconds) <= 3600)) {
    problems.pollSeconds = 'Seconds from 0.01 to 3600.';
  }
  if (form.seed && !whole(form.seed, 0, 2 ** 31 - 1)) problems.seed = 'Empty for a random seed, or a whole number below 2³¹.';
  try {
    if (form.settings.trim()) JSON.parse(form.settings);
  } catch (e) {
    problems.settings = `Not valid JSON: ${(e as Error).message}`;
  }
  return problems;
}

/** `builtin:reference` for one seat; in a list, a distinct built-in player per position (reference-a, -b, …) so each is its own row. */
function builtinConfig(position: number | null) {
  if (position === null) return { provider: 'builtin', model: 'reference' };
  return { provider: 'builtin', model: `reference-${position < 26 ? String.fromCharCode(97 + position) : position + 1}` };
}

/** The run's config from the form; `extra`: what the capabilities' fields add (a multimodal game's image sources). */
export function runConfig(form: Form, game: GameInfo | undefined, profiles: readonly ModelProfile[], extra: Record<string, unknown> = {}): unknown {
  const model = (id: string | undefined, position: number | null) => (id === BUILTIN ? builtinConfig(position) : profiles.find((p) => String(p.id) === id)?.config);
  // A role several models fill is always sent as a list, even of one: the run then names its seats' players as the user built them.
  const players = (game?.roles ?? []).map((r) => [r.id, r.several ? (form.lists[r.id] ?? []).map((id, k) => model(id, k)) : model(form.players[r.id], null)]);
  return {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    game: form.game,
    dataset: { name: form.dataset, subset: form.subset, ...(form.fixed ? { fixed: form.fixed } : {}), ...(form.experiments.length ? { experiments: form.experiments } : {}) },
    players: Object.fromEntries(players),
    repetitions: Number(form.repetitions),
    concurrency: Number(form.concurrency),
    ...(form.limit ? { limit: Number(form.limit) } : {}),
    ...(form.seed ? { seed: Number(form.seed) } : {}),
    ...(form.settings.trim() ? { settings: JSON.parse(form.settings) as unknown } : {}),
    ...extra,
    ...(form.mode === 'batch' ? { batch: { ...(form.batchRoles.length ? { roles: form.batchRoles } : {}), pollMs: Math.round(Number(form.pollSeconds) * 1000) } } : {}),
  };
}

/** The problems to show: only of fields the person has touched, or all once they tried to start the run. */
export function shownProblems(problems: Problems, touched: ReadonlySet<string>, attempted: boolean): Problems {
  if (attempted) return problems;
  return Object.fromEntries(Object.entries(problems).filter(([key]) => touched.has(key)));
}
