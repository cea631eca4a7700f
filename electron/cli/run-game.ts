/**
 * Which game `parlor run` plays, read from the command line before commander builds the command: the
 * run's options (its role flags and its help) are that game's alone, so they are built after this.
 */
import { DEFAULT_GAME } from '../../shared/contract/default-game';
import { readUtf8 } from '../engine/core/text-file';
import { CONFIG_FILE } from '../engine/core/user-file';
import { allGames } from '../engine/games/registry';
import { presetsOf } from '../engine/capabilities/presets/provision';

export interface ChosenGame {
  id: string;
  /** Where the id came from: a default game is not "chosen", and `run --help` then lists every game. */
  from: 'game' | 'preset' | 'config' | 'default';
}

/** The value of `--name <v>` or `--name=<v>` among `args` (the last one given, as commander reads it). */
function valueOf(args: readonly string[], names: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    for (const name of names) {
      if (arg === name && i + 1 < args.length) value = args[i + 1];
      else if (arg.startsWith(`${name}=`)) value = arg.slice(name.length + 1);
    }
  }
  return value;
}

/** The arguments after the `run` command, or null when another command (or none) is given. */
export function runArguments(argv: readonly string[]): string[] | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // The program's one option with a value (`--db <path>`) comes before the command.
    if (arg === '--db') {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return arg === 'run' ? argv.slice(i + 1) : null;
  }
  return null;
}

/** The game a config file names; anything unreadable is left to the run itself to report. */
function configGame(path: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readUtf8(path, `config file ${path}`, CONFIG_FILE));
    const game = parsed && typeof parsed === 'object' ? (parsed as { game?: unknown }).game : undefined;
    return typeof game === 'string' ? game : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `--game`, else the config file's game, else the game of `--preset`, else the default game: the order
 * `configFromFlags` settles it in, so the flags built for the run are those of the game it plays.
 */
export function chosenGame(runArgs: readonly string[]): ChosenGame {
  const game = valueOf(runArgs, ['--game']);
  if (game !== undefined) return { id: game, from: 'game' };
  const config = valueOf(runArgs, ['-c', '--config']);
  const fileGame = config === undefined ? undefined : configGame(config);
  if (fileGame) return { id: fileGame, from: 'config' };
  const preset = valueOf(runArgs, ['--preset']);
  const presetGame = preset === undefined ? undefined : allGames().find((g) => presetsOf(g).some((p) => p.id === preset))?.id;
  if (presetGame) return { id: presetGame, from: 'preset' };
  return { id: DEFAULT_GAME, from: 'default' };
}
