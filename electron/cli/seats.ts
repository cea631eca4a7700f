/**
 * `--seat role=provider:model[,provider:model…][,option=value…]`: who plays each role of the game a
 * run plays, and how each model is reached. Only the chosen game's roles are read, so no flag means a
 * role of another game. A role several models fill (AGE's players) takes a list, or the flag again.
 */
import type { RoleSpec } from '../../shared/contract/game';
import { CliError, modelSpec } from './context';

type Json = Record<string, unknown>;

/** The options a `--seat` value may carry after its models: the name typed, the model config's key, and what it says. */
export const SEAT_OPTIONS = [
  { name: 'base-url', key: 'baseUrl', value: '<url>', what: 'an OpenAI-compatible server or an Anthropic proxy' },
  { name: 'key-env', key: 'apiKeyEnv', value: '<VAR>', what: "the environment variable holding the model's API key" },
  { name: 'image-input', key: 'imageInput', value: 'many|one|none', what: 'images the model takes in one message, many by default' },
  { name: 'rpm', key: 'rpm', value: '<n>', what: 'requests per minute allowed to the model' },
  { name: 'tpm', key: 'tpm', value: '<n>', what: 'tokens per minute allowed to the model' },
] as const;

const IMAGE_INPUTS = ['many', 'one', 'none'];

/** One `--seat` flag as typed: the role, its models in order and the options given to them. */
export interface SeatFlag {
  given: string;
  role: string;
  models: { provider: string; model: string }[];
  options: Json;
}

/** An option's value, checked where a typo would otherwise surface far from the flag. */
function optionValue(given: string, name: string, raw: string): unknown {
  if (raw === '') throw new CliError(`--seat ${given}: ${name}= has no value.`);
  if (name === 'image-input' && !IMAGE_INPUTS.includes(raw)) throw new CliError(`--seat ${given}: image-input is many, one or none, not "${raw}".`);
  if (name === 'rpm' || name === 'tpm') {
    const n = Number(raw);
    if (!(n > 0)) throw new CliError(`--seat ${given}: ${name} must be a positive number, not "${raw}".`);
    return n;
  }
  return raw;
}

/** Reads `role=model[,model…][,option=value…]`: parts with `=` are options, the others models. */
export function parseSeatFlag(given: string): SeatFlag {
  const eq = given.indexOf('=');
  const role = eq < 0 ? '' : given.slice(0, eq).trim();
  if (!role) throw new CliError(`--seat takes role=provider:model (e.g. --seat <role>=openai:gpt-4o), not "${given}".`);
  if (given.slice(eq + 1).trim() === '') throw new CliError(`--seat ${given}: say which model plays the ${role} (role=provider:model, e.g. ${role}=openai:gpt-4o).`);
  const models: SeatFlag['models'] = [];
  const options: Json = {};
  for (const part of given.slice(eq + 1).split(',').map((p) => p.trim())) {
    if (part === '') throw new CliError(`--seat ${given}: an empty model or option between commas.`);
    const at = part.indexOf('=');
    if (at < 0) {
      models.push(modelSpec(part));
      continue;
    }
    const name = part.slice(0, at).trim();
    const option = SEAT_OPTIONS.find((o) => o.name === name);
    if (!option) throw new CliError(`--seat ${given}: unknown option "${name}" (a seat takes ${SEAT_OPTIONS.map((o) => o.name).join(', ')}).`);
    if (Object.hasOwn(options, option.key)) throw new CliError(`--seat ${given}: ${name} is given twice.`);
    options[option.key] = optionValue(given, name, part.slice(at + 1).trim());
  }
  if (models.length === 0) throw new CliError(`--seat ${given}: say which model plays the ${role} (role=provider:model, e.g. ${role}=openai:gpt-4o).`);
  return { given, role, models, options };
}

/** What a game tells the seat reader: its name for messages and its roles. */
export interface SeatedGame {
  id: string;
  shortTitle: string;
  roles: readonly RoleSpec[];
}

/** The flag name of a role: dashes for underscores (`player-a` for clembench's player_a). */
export const roleFlag = (role: string) => role.replace(/_/g, '-');

/** The role a `--seat` names, by its id or its flag name; refused with the game's roles when it has no such role. */
function roleOf(game: SeatedGame, flag: SeatFlag): RoleSpec {
  const role = game.roles.find((r) => r.id === flag.role || roleFlag(r.id) === flag.role);
  if (!role) {
    throw new CliError(`--seat ${flag.given}: ${game.shortTitle} has no role "${flag.role}" (its roles: ${game.roles.map((r) => r.id).join(', ')}; see parlor run --game ${game.id} --help).`);
  }
  return role;
}

/** The models given for one role on the command line, each with the options of its flag. */
export interface RoleGiven {
  models: Json[];
  /** Given as a list (several models, or the flag twice): the role takes one model per seat. */
  list: boolean;
}

/**
 * The `--seat` flags by role id. A role one model plays is given once, with one model; a role several
 * models fill takes a list (`player=a,b`) or the flag again (`--seat player=a --seat player=b`).
 */
export function seatsByRole(game: SeatedGame, flags: readonly string[] = []): Map<string, RoleGiven> {
  const out = new Map<string, RoleGiven>();
  for (const flag of flags.map(parseSeatFlag)) {
    const role = roleOf(game, flag);
    const models = flag.models.map((m) => ({ ...m, ...flag.options }));
    const before = out.get(role.id);
    if (!role.several) {
      if (before) throw new CliError(`--seat ${flag.given}: the ${role.id} is given twice; one model plays the ${role.label.toLowerCase()} of ${game.shortTitle}.`);
      if (models.length > 1) throw new CliError(`--seat ${flag.given}: one model plays the ${role.label.toLowerCase()} of ${game.shortTitle}, not a list.`);
    }
    out.set(role.id, before ? { models: [...before.models, ...models], list: true } : { models, list: models.length > 1 });
  }
  return out;
}

/** `--<role> <model>`, `--<role>-base-url`, … of the chosen game (the older form of `--seat`), read from commander's flags. */
export interface RoleFlags {
  spec?: string;
  baseUrl?: string;
  keyEnv?: string;
  imageInput?: string;
}

export interface PlayerSources {
  /** `--seat` values as typed. */
  seats?: readonly string[];
  /** The older per-role flags, by role id. */
  roleFlags(role: string): RoleFlags;
  /** `--base-url`: every model's, unless its seat or role says otherwise. */
  baseUrl?: string;
  /** `--rpm`, `--tpm`: every model's caps, unless its seat says otherwise. */
  limits: Json;
  /** The config file's `players`. */
  file: Json;
  /** Where `players` came from, for the message naming a missing seat. */
  config?: string;
}

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** The older flags' options, under the model config's keys. */
function roleOptions(flags: RoleFlags): Json {
  return Object.fromEntries(
    Object.entries({ baseUrl: flags.baseUrl, apiKeyEnv: flags.keyEnv, imageInput: flags.imageInput }).filter(([, v]) => typeof v === 'string'),
  );
}

/**
 * The run config's `players`: for each role of the game, the model (or list) the command line gives,
 * laid over the config file's; a seat's own options win over its role's flags, which win over
 * `--base-url`. Every role missing a model is named at once.
 */
export function playersFromFlags(game: SeatedGame, sources: PlayerSources): Json {
  const seats = seatsByRole(game, sources.seats);
  const chosen: Json = {};
  const missing: RoleSpec[] = [];
  for (const role of game.roles) {
    const older = sources.roleFlags(role.id);
    const shared: Json = { ...sources.limits, ...(sources.baseUrl === undefined ? {} : { baseUrl: sources.baseUrl }), ...roleOptions(older) };
    let given = seats.get(role.id);
    if (older.spec !== undefined) {
      if (given) throw new CliError(`The ${role.id} is given twice: --${roleFlag(role.id)} ${older.spec} and --seat ${role.id}=…; give one.`);
      // The older form takes a comma-separated list for a role several models fill (AGE: --player a,b,c,d).
      const specs = role.several ? older.spec.split(',').map((s) => s.trim()).filter(Boolean) : [older.spec];
      given = { models: specs.map((s) => ({ ...modelSpec(s) })), list: specs.length > 1 };
    }
    const base = sources.file[role.id];
    let config: unknown;
    if (given) {
      // One model over the file's model keeps its other fields (temperature of a judge, a timeout); a list replaces it.
      config = given.list ? given.models.map((m) => ({ ...shared, ...m })) : { ...obj(base), ...shared, ...given.models[0] };
    } else if (Array.isArray(base)) {
      config = base.map((b) => ({ ...obj(b), ...shared }));
    } else if (base !== undefined) {
      config = { ...obj(base), ...shared };
    } else {
      missing.push(role);
      continue;
    }
    chosen[role.id] = config;
  }
  if (missing.length) {
    const seatsOf = missing.map((r) => `--seat ${r.id}=provider:model${r.several ? '[,provider:model…]' : ''}`).join(' ');
    const where = sources.config ? ` (or players.${missing[0]!.id} in ${sources.config})` : ' (or players in a --config file)';
    throw new CliError(`Say which model plays the ${missing.map((r) => r.id).join(' and the ')} of ${game.shortTitle}: ${seatsOf}${where}; parlor run --game ${game.id} --help lists its roles.`);
  }
  return chosen;
}
