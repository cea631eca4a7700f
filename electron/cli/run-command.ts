/**
 * `parlor run`'s flags, built for the game it plays (see run-game.ts): `--seat` for every game, the
 * older `--<role>` flags of that game's roles only, and help in that game's words. Nothing here is
 * merged across games, so no flag or line of help describes another game's role.
 */
import { Command, Option } from 'commander';
import { DEFAULT_GAME } from '../../shared/contract/default-game';
import type { Game } from '../engine/core/game';
import { allGames, gameById } from '../engine/games/registry';
import type { RunFlags } from './commands/run';
import { describeGame, type GameDescription } from './game-description';
import { CliError } from './context';
import { gameHelpText, gamesHelpText, runFlagHelp } from './run-help';
import { chosenGame, runArguments } from './run-game';
import { roleFlag } from './seats';

const collect = (value: string, list: string[] = []) => [...list, value];

function registered(id: string): Game<unknown> | null {
  try {
    return gameById(id);
  } catch {
    return null;
  }
}

/** The older `--<role>`, `--<role>-base-url`, `--<role>-key-env`, `--<role>-image-input` of the game's roles, hidden from the option list (its help lists them apart); a name another run flag has is left to that flag. */
function addOlderRoleFlags(run: Command, game: GameDescription): void {
  const taken = (flag: string) => run.options.some((o) => o.long === flag);
  for (const role of game.roles) {
    const id = roleFlag(role.id);
    const label = role.label.toLowerCase();
    const flags: [string, string][] = [
      [`--${id} <model>`, `provider:model of the ${label} (as --seat ${id}=<model>)`],
      [`--${id}-base-url <url>`, `base URL of the ${label}'s model`],
      [`--${id}-key-env <var>`, `environment variable holding the ${label}'s API key`],
      [`--${id}-image-input <n>`, `images the ${label}'s model takes per message: many (default) | one | none`],
    ];
    for (const [flag, what] of flags) if (!taken(flag.split(' ')[0]!)) run.addOption(new Option(flag, what).hideHelp());
  }
}

/**
 * Another game's role flag (`--player` on a run of EDA) stops the run with the game's own roles, rather
 * than commander's bare "unknown option": it is hidden, describes nothing and seats nobody.
 */
function refuseOtherRoleFlags(run: Command, game: GameDescription): void {
  const own = new Set(game.roles.map((r) => roleFlag(r.id)));
  const others = new Set(allGames().flatMap((g) => g.roles.map((r) => roleFlag(r.id))).filter((id) => !own.has(id)));
  const seats = game.roles.map((r) => `--seat ${r.id}=provider:model`).join(' ');
  for (const id of others) {
    for (const flag of [`--${id}`, `--${id}-base-url`, `--${id}-key-env`, `--${id}-image-input`]) {
      if (run.options.some((o) => o.long === flag)) continue;
      const refuse = () => {
        throw new CliError(`${flag}: ${game.shortTitle} (--game ${game.id}) has no role "${id}"; its seats: ${seats}. Another game? --game <id>; parlor run --game <id> --help lists its roles.`);
      };
      run.addOption(new Option(`${flag} <value>`).hideHelp().argParser(refuse));
    }
  }
}

/** `--game <id>`: a game Parlor has, else the run stops with the games it has (before any other flag is read). */
function knownGame(id: string): string {
  gameById(id);
  return id;
}

/** Adds `run` to the program; `argv` (the arguments after the script) says which game's flags it takes. */
export function addRunCommand(program: Command, argv: readonly string[], act: (flags: RunFlags, cmd: Command) => Promise<void>): void {
  const args = runArguments(argv);
  const chosen = args ? chosenGame(args) : { id: DEFAULT_GAME, from: 'default' as const };
  const game = registered(chosen.id);
  const description = game ? describeGame(game) : null;
  // The default game's flags are taken, but `run --help` without a game is about every game.
  const helpGame = chosen.from === 'default' ? null : description;
  const words = runFlagHelp(helpGame);
  const run = program
    .command('run')
    .description('play a benchmark run: a game on a dataset × repetitions, a model in each seat')
    .option('-c, --config <file>', 'JSON run config; flags given here override it')
    .option('--game <id>', `the game: ${allGames().map((g) => g.id).join(' | ')} (default ${DEFAULT_GAME}); with --help, its roles, settings, datasets and presets`, knownGame)
    .option('--seat <role=model>', words.seat, collect)
    .option('--preset <id>', words.preset)
    .option('--dataset <name>', words.dataset)
    .option('--dataset-file <path>', words.datasetFile)
    .option('--kind <kind>', words.kind)
    .option('--split <subset>', words.split)
    .option('--fixed <name>', words.fixed)
    .option('--experiments <names>', words.experiments)
    .option('--base-url <url>', "base URL of every model (an OpenAI-compatible server or an Anthropic proxy); a seat's base-url= wins")
    .option('-r, --repetitions <n>', words.repetitions)
    .option('--concurrency <n>', 'episodes in flight (default 16)')
    .option('--limit <n>', 'only the first n instances of the subset (of each experiment, where it has experiments)')
    .option('--seed <n>', 'run seed (default random, recorded)')
    .option('--set <key=value>', words.set, collect)
    .option('--name <text>', 'a name for the run')
    .option('--no-preflight', 'skip the one-token check of every model before the run')
    .option('--cache <mode>', 'response cache: off | use (read and fill) | only (replay offline)')
    .option('--budget <usd>', 'stop cleanly once the spend reaches this many US dollars (needs `parlor prices`)')
    .option('--batch [roles]', words.batch)
    .option('--poll <seconds>', 'batch mode: how often to ask a batch for its state (default 30)')
    .option('--rpm <n>', "requests per minute allowed to each model (a seat's rpm= wins)")
    .option('--tpm <n>', "tokens per minute allowed to each model (a seat's tpm= wins)")
    .option('--dry-run', 'print the estimate of calls, tokens and cost, and stop')
    .option('--images <folder>', 'multimodal games: a folder holding the images the data names (your clembench checkout), repeatable', collect)
    .option('--download-images', 'multimodal games: fetch images named by URL when found nowhere else')
    .option('--skip-missing-images', 'multimodal games: play only the experiments whose images are all found (default: refuse the run)')
    .option('--shard <i/n>', 'play only the i-th of n shares of the run (one per machine; needs --seed, the same command everywhere); `parlor merge` joins them into one run')
    .option('--resume <run>', 'continue an interrupted run from its last committed events')
    .option('--retry-errors <run>', 'play the episodes of a run that ended in error again');
  // An unknown game takes no role flags: `--game` stops the run first, naming the games there are.
  const taken = (flag: string) => run.options.some((o) => o.long === flag && !o.hidden);
  if (description) {
    addOlderRoleFlags(run, description);
    refuseOtherRoleFlags(run, description);
  }
  run.addHelpText('after', () => (helpGame ? gameHelpText(helpGame, taken) : gamesHelpText(allGames())));
  run.action(async (flags: RunFlags, cmd: Command) => act(flags, cmd));
}
