/**
 * The words of `parlor run --help`: with `--game <id>`, that game's roles, settings, datasets,
 * experiments and presets, from its self-description; without, the games and how to ask about one.
 * Nothing here names a game: a role, a dataset or a setting shown is always the chosen game's.
 */
import { DEFAULT_GAME } from '../../shared/contract/default-game';
import type { RoleSpec } from '../../shared/contract/game';
import type { GameDescription } from './game-description';
import { roleFlag, SEAT_OPTIONS } from './seats';

/** Longer setting values are cut here: the help is a list to read, `parlor games --json` has them whole. */
const LONGEST_VALUE = 60;

/** The seat syntax, said once for every help. */
export const SEAT_SYNTAX = `role=provider:model[,provider:model…][,${SEAT_OPTIONS.map((o) => `${o.name}=${o.value}`).join('][,')}]`;

/** The descriptions of the run flags whose meaning depends on the game: the chosen game's words, or neutral ones. */
export function runFlagHelp(game: GameDescription | null) {
  const first = game?.datasets[0];
  const setting = game ? firstSetting(game.defaultSettings) : undefined;
  const ask = 'see parlor run --game <id> --help';
  return {
    seat: `who plays a role of the game: ${SEAT_SYNTAX}, once per role; a role several models fill takes a list or the flag again (${game ? `${game.shortTitle}'s roles: ${game.roles.map((r) => r.id).join(', ')}` : `the game's roles: ${ask}`})`,
    preset: game
      ? game.presets.length
        ? `a paper's experiment to start from: ${game.presets.map((p) => p.id).join(' | ')} (flags override it)`
        : `a paper's experiment to start from (${game.shortTitle} has none)`
      : `a paper's experiment to start from (flags override it; a game's presets: ${ask})`,
    dataset: game ? `a bundled dataset: ${game.datasets.map((d) => d.name).join(' | ')} (default ${first?.name ?? 'none'})` : `a bundled dataset of the game (default: its first; ${ask})`,
    datasetFile: "your own instances in the game's format (the README's section on the game describes it)",
    kind: game ? `what kind of data a file holds, which picks the prompts: ${[...new Set(game.datasets.map((d) => d.kind))].join(' | ')}` : "what kind of data a file holds, which picks the prompts (the game's dataset kinds)",
    split: game && first ? `the split or subset (default: ${first.name}'s ${first.defaultSubset})` : "the split or subset (default: the dataset's own)",
    fixed: game?.fixedSubsets.length ? `only the instances of a fixed subset: ${game.fixedSubsets.map((f) => f.name).join(' | ')} or one of \`parlor subsets --game ${game.id}\`` : 'only the instances of a fixed subset (see `parlor subsets --game <id>`)',
    experiments: 'only these experiments, comma-separated (games whose data has experiments; default all)',
    repetitions: game ? `repetitions of every instance (default ${game.defaultRepetitions})` : "repetitions of every instance (default: the game's)",
    set: game && setting ? `a game setting, repeatable (e.g. --set ${setting}; the settings are listed below)` : `a game setting, repeatable (the game's settings: ${ask})`,
    batch: `batch mode: send calls through the providers' batch services at half price (all roles, or a comma-separated list of ${game ? `${game.shortTitle}'s roles: ${game.roles.map((r) => r.id).join(', ')}` : "the game's roles"}); --resume collects them`,
  };
}

/** `key=value` of the first plain setting, for an example that works. */
function firstSetting(settings: unknown): string | undefined {
  const first = flatSettings(settings).find(([, v]) => typeof v === 'number' || typeof v === 'boolean');
  return first ? `${first[0]}=${JSON.stringify(first[1])}` : undefined;
}

/** Settings as dotted keys (`guesser.temperature`), the names `--set` takes. */
export function flatSettings(settings: unknown, prefix = ''): [string, unknown][] {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return prefix ? [[prefix, settings]] : [];
  const entries = Object.entries(settings as Record<string, unknown>);
  if (entries.length === 0) return prefix ? [[prefix, settings]] : [];
  return entries.flatMap(([key, value]) => flatSettings(value, prefix ? `${prefix}.${key}` : key));
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
};

/** What a role is, in a phrase after its label: how many models, who may take it, what the views do with it. */
function roleFacts(game: GameDescription, role: RoleSpec): string {
  const facts: string[] = [];
  if (role.several) {
    facts.push(`${role.several.min} to ${role.several.max} models, one per seat: --seat ${role.id}=a,b or the flag once per model; one model alone fills every seat`);
  }
  if (role.subject) facts.push('leaderboard rows are its players');
  if (role.condition) facts.push('runs can be compared by who plays it');
  if (role.human) facts.push('a person can take it in the app');
  if (game.builtinRoles.includes(role.id)) facts.push('built-in player: builtin:reference');
  return facts.length ? ` (${facts.join('; ')})` : '';
}

const column = (rows: readonly [string, string][], indent = '  ') => {
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${indent}${k.padEnd(width)}  ${v}`.trimEnd()).join('\n');
};

/** Every subset with its size, and the experiments its instances are grouped in. */
function datasetLines(game: GameDescription): string[] {
  const lines: string[] = [];
  for (const d of game.datasets) {
    const shapes = d.subsets.map((s) => ({ subset: s, ...game.shape(d.name, s) }));
    const subsets = shapes.map((s) => `${s.subset}${s.subset === d.defaultSubset ? '*' : ''} (${s.instances})`).join(', ');
    lines.push(`  ${d.name}: ${d.title}; kind ${d.kind}`, `    subsets: ${subsets}`);
    const experiments = [...new Set(shapes.flatMap((s) => s.experiments))];
    if (experiments.length) lines.push(`    experiments (--experiments a,b): ${experiments.join(', ')}`);
  }
  return lines;
}

/** A command line that plays the game, with its built-in players where it has them. */
function example(game: GameDescription): string {
  const seats = game.roles.map((r) => `--seat ${r.id}=${game.builtinRoles.includes(r.id) ? 'builtin:reference' : 'openai:gpt-4o'}`);
  return `parlor run --game ${game.id} ${seats.join(' ')} --limit 2`;
}

/** The older role flags the game's roles still take, in one line each. */
function olderFlags(game: GameDescription, taken: (flag: string) => boolean): string[] {
  return game.roles.flatMap((r) => {
    const id = roleFlag(r.id);
    const flags = [`--${id} <model>`, `--${id}-base-url <url>`, `--${id}-key-env <var>`, `--${id}-image-input <n>`];
    return flags.some((f) => taken(f.split(' ')[0]!)) ? [] : [`  ${flags.join(', ')}: as --seat ${r.id}=<model>,base-url=…,key-env=…,image-input=…`];
  });
}

/** Everything after the options in `parlor run --game <id> --help`. */
export function gameHelpText(game: GameDescription, olderTaken: (flag: string) => boolean): string {
  const roles = column(game.roles.map((r) => [r.id, `${r.label}${roleFacts(game, r)}`]));
  const settings = flatSettings(game.defaultSettings);
  const presets = game.presets.flatMap((p) => [`  ${p.id}: ${p.title} (${p.dataset.name}${p.dataset.subset ? `/${p.dataset.subset}` : ''}, ${p.repetitions} repetition${p.repetitions === 1 ? '' : 's'})`, `    ${p.description}`, ...Object.entries(p.players).map(([role, who]) => `    ${role}: ${who}`)]);
  const older = olderFlags(game, olderTaken);
  return [
    '',
    `${named(game)} (--game ${game.id})`,
    '',
    'Roles (every one needs a seat: --seat <role>=<provider:model>):',
    roles,
    '',
    'Seat options (after the models, comma-separated; they apply to the models of their flag):',
    column(SEAT_OPTIONS.map((o) => [`${o.name}=${o.value}`, o.what])),
    '',
    settings.length ? 'Settings (--set key=value; the defaults):' : 'Settings: none',
    ...(settings.length ? [column(settings.map(([k, v]) => [k, shown(v)]))] : []),
    '',
    'Datasets (--dataset <name> --split <subset>; * the default subset, (n) instances):',
    ...datasetLines(game),
    ...(game.fixedSubsets.length ? ['', 'Fixed subsets (--fixed <name>):', column(game.fixedSubsets.map((f) => [f.name, `${f.size} of ${f.dataset}/${f.subset}, seed ${f.seed}${f.note ? `: ${f.note}` : ''}`]))] : []),
    '',
    ...(presets.length ? ['Presets (--preset <id>; flags override them):', ...presets] : ['Presets: none']),
    '',
    `Repetitions: ${game.defaultRepetitions} of every instance unless -r says otherwise.`,
    ...(older.length ? ['', 'Older role flags (the same as --seat):', ...older] : []),
    '',
    'Example:',
    `  ${example(game)}`,
  ].join('\n');
}

/** What `parlor run --help` says after the options when no game is chosen: the games, and how to ask about one. */
export function gamesHelpText(games: readonly Pick<GameDescription, 'id' | 'shortTitle' | 'title'>[]): string {
  return [
    '',
    `Games (--game <id>; without it the run plays ${DEFAULT_GAME}):`,
    column(games.map((g) => [g.id, named(g)])),
    '',
    `Seats: --seat ${SEAT_SYNTAX}, one per role of the game.`,
    "A game's roles, settings, datasets, experiments and presets: parlor run --game <id> --help",
  ].join('\n');
}

/** "AGE: Who Is Spy …" once, not "AGE: AGE: Who Is Spy …": a title may start with the short one. */
function named(game: Pick<GameDescription, 'shortTitle' | 'title'>): string {
  return game.title.startsWith(game.shortTitle) ? game.title : `${game.shortTitle}: ${game.title}`;
}
