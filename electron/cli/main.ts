/** `parlor`: the headless door to the engine. */
import { Command, CommanderError } from 'commander';
import { asUserError } from '../engine/errors';
import { DEFAULT_GAME } from '../../shared/contract/default-game';
import { allGames } from '../engine/games/registry';
import { resolveDbPath } from '../engine/paths';
import { APP_VERSION } from '../engine/version';
import { annotationsCommand } from './commands/annotations';
import { annotatorsCommand } from './commands/annotators';
import { conditionRoles, defaultComparison, exportCommand, suiteExports } from './commands/export';
import { datasetsCommand } from './commands/datasets-audit';
import { gamesCommand } from './commands/games';
import { mergeCommand } from './commands/merge';
import { importCommand } from './commands/import';
import { reportCommand } from './commands/report';
import { runCommand } from './commands/run';
import { addRunCommand } from './run-command';
import { episodesCommand, runsCommand, runsLabelCommand } from './commands/runs';
import { serveCommand } from './commands/serve';
import { showCommand } from './commands/show';
import { subsetsCommand } from './commands/subsets';
import { fileCommand } from './commands/file';
import { pricesCommand, replayCommand, rescoreCommand } from './commands/tools';
import { guardTerminalOutput } from './terminal';
import { capabilityExports, CLI_CAPABILITIES } from './capabilities';
import { allLogSources } from '../engine/capabilities/log-import/provision';
import { referenceFormatsOf } from '../engine/capabilities/reference-export/provision';

/** Every game's reference formats, each once (EDA: eda-txt). */
const referenceFormatNames = () => [...new Set(allGames().flatMap((g) => referenceFormatsOf(g).map((f) => f.id)))];

// Before anything is printed: model replies, folder names and notes reach the terminal as text, never as its commands.
guardTerminalOutput();

const program = new Command('parlor')
  .description(`Evaluate language models through conversational games (${allGames().map((g) => g.shortTitle).join(', ')}).`)
  .version(APP_VERSION)
  .option('--db <path>', 'SQLite database (default: $PARLOR_DB or the per-user data folder)')
  .showHelpAfterError()
  .exitOverride();

let exitCode = 0;
const dbOf = (cmd: Command) => (cmd.optsWithGlobals() as { db?: string }).db;
const collect = (value: string, list: string[] = []) => [...list, value];
/** `a, b or c`. */
const alternatives = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

addRunCommand(program, process.argv.slice(2), async (flags, cmd) => {
  exitCode = await runCommand({ ...flags, db: dbOf(cmd) });
});

program
  .command('games')
  .description('the games Parlor plays: roles (and which have a built-in player), datasets, subsets, experiments')
  .option('--json', 'machine-readable output')
  .action((flags) => {
    exitCode = gamesCommand(flags);
  });

program
  .command('datasets <action>')
  .description("`datasets audit`: suspicious entries of the games' datasets (duplicates, near duplicates, two items in one, missing or placeholder tags, over-long names); a report, exit 0 with findings")
  .option('--game <id>', 'only this game (default: every game)')
  .option('--dataset <name>', 'only this bundled dataset')
  .option('--split <subset>', 'only this split or subset')
  .option('--dataset-file <path>', "your own instance file, read by --game's loader")
  .option('--max-length <n>', 'flag names and items longer than this (default 80)')
  .option('--json', 'the findings as JSON')
  .action((action: string, flags) => {
    exitCode = datasetsCommand(action, flags);
  });

program
  .command('runs [action] [run] [words...]')
  .description('list runs with status (interrupted runs included), progress, tags and notes; `runs tag <run> <tag>...`, `runs untag <run> <tag>...`, `runs note <run> <text>` (an empty text clears it)')
  .option('--json', 'machine-readable output')
  .option('--tag <tag>', 'list only runs with this tag')
  .action((action: string | undefined, run: string | undefined, words: string[], flags, cmd: Command) => {
    exitCode = action === undefined ? runsCommand({ ...flags, db: dbOf(cmd) }) : runsLabelCommand(action, run, words, { db: dbOf(cmd) });
  });

program
  .command('report <runs...>')
  .description("a run's table as its paper prints it (EDA: #Turns, Success, #Yes, Score as mean ± std over repetitions); --html -o <folder>: a static report of runs (leaderboards, heatmaps, difficulty, every transcript) that opens offline in any browser")
  .option('--json', 'machine-readable output')
  .option('--html', 'write a static HTML report of the runs to the folder -o names')
  .option('-o, --out <folder>', 'html: the folder to write (new or empty)')
  .option('--force', 'html: replace a report written to that folder before (never a folder that is not a Parlor report)')
  .option('--instances <mode>', 'html: common (default: compare players on the instances all of them finished) | all')
  .option('--min-episodes <n>', 'html: fewer episodes behind a mean print "too few" and cannot be best (default 5)')
  .option('--common-with-humans', "html: people's games narrow the instances players are compared on too")
  .action((runIds: string[], flags, cmd: Command) => {
    exitCode = reportCommand(runIds, { ...flags, db: dbOf(cmd) });
  });

program
  .command('episodes <run>')
  .description('list the episodes of a run with their ids, outcomes and metrics')
  .action((runId: string, _flags, cmd: Command) => {
    exitCode = episodesCommand(runId, { db: dbOf(cmd) });
  });

program
  .command('show <episode>')
  .description('the transcript of an episode')
  .option('--json', 'episode, events and raw model calls as JSON')
  .option('--calls', 'also print every model call with its request and response')
  .option('--bundle <file.zip>', 'write the episode with every image its players saw or were sent as a zip (transcript.md, episode.json, images/)')
  .action((episode: string, flags, cmd: Command) => {
    exitCode = showCommand(episode, { ...flags, db: dbOf(cmd) });
  });

const exportCmd = program
  .command('export <what>')
  .description(`a run id (one row per episode), leaderboard | heatmap | difficulty | breakdown | significance | scores (a game's table by slices) across runs, ${alternatives([...Object.entries(suiteExports()).map(([name, s]) => `${name} (the ${s.title} table)`), 'comparison (two suites side by side)', ...capabilityExports().map((e) => `${e.name} (${e.summary})`)])}`)
  .option('--format <format>', `run: csv | jsonl${referenceFormatNames().map((f) => ` | ${f}`).join('')} (a folder: -o <folder>); leaderboard, breakdown, significance, scores, ${[...Object.keys(suiteExports()), 'comparison'].join(', ')}: csv | latex; heatmap: csv | latex | svg; difficulty: csv | svg`, 'csv')
  .option('-o, --out <file>', 'write to a file instead of standard output')
  .option('--game <id>', `views: the game (default ${DEFAULT_GAME})`)
  .option('--dataset <name>', "views: the dataset (default: the game's first)")
  .option('--split <subset>', 'views: only this split or experiment')
  .option('--with <role=player>', 'views: only runs where this role is played by this player, repeatable', collect)
  .option('--from <date>', 'views: runs created on or after YYYY-MM-DD')
  .option('--to <date>', 'views: runs created on or before YYYY-MM-DD')
  .option('--instances <mode>', 'views: common (default: compare players on the instances all of them finished) | all')
  .option('--min-episodes <n>', 'views: fewer episodes behind a mean print "too few" and cannot be best (default 5)')
  .option('--common-with-humans', "views: people's games narrow the instances players are compared on too (default: only players with at least the minimum of episodes who are not people do)")
  .option('--by <role>', "views: rows are this role's players (default: the roles the game ranks)")
  .option('--topic <key>', 'heatmap, breakdown: the tag to group by (clembench: experiment) (EDA Things: category; Celebrities: occupation | nationality | era | gender)')
  .option('--metric <m>', 'heatmap: the metric (EDA: score | success); significance: any metric of the game (default: the one the leaderboard sorts by; AGE: age_kept)')
  .option('--alpha <p>', 'significance: flag pairs whose Holm-adjusted p is below this (default 0.01)')
  .option('--axis <axis>', 'difficulty: item (default) or tag:<key>')
  .option('--grouped', `${Object.keys(suiteExports()).join(', ') || 'suite tables'}: each group of the suite's games as one column, as its paper's table (default: each game its own column)`)
  .option('--dataset-of <game=dataset>', `${[...Object.keys(suiteExports()), 'comparison'].join(', ')}: read only this dataset of a game (default: every dataset its runs used), repeatable`, collect)
  .option('--id <comparison>', `comparison: which one (default ${defaultComparison() ?? 'none'})`)
for (const target of capabilityExports()) target.options(exportCmd);
for (const role of conditionRoles()) exportCmd.option(`--${role} <player>`, `views: only runs with this ${role} (same as --with ${role}=<player>)`);
exportCmd.action((what: string, flags, cmd: Command) => {
  exitCode = exportCommand(what, { ...flags, db: dbOf(cmd) });
});

program
  .command('import <format> <folder>')
  .description(`another harness's logs into Parlor (${allLogSources().map((s) => `${s.id}: ${s.title}`).join('; ')}): one run per model (pair) and game, every episode replayed through Parlor's game master and rescored; differences from the logged scores are listed (exit 1 when there are any not of a known kind)`)
  .option('--json', 'the import report as JSON')
  .option('--images <folder>', 'multimodal games: a folder holding the images the logs name (your clembench checkout), repeatable', collect)
  .option('--dataset <name>', 'the bundled dataset the logged games played, for logs that do not say which')
  .option('--split <subset>', 'only entities of this split or subset (default: every split of --dataset)')
  .action(async (format: string, folder: string, flags, cmd: Command) => {
    exitCode = await importCommand(format, folder, { ...flags, db: dbOf(cmd) });
  });

program
  .command('replay <run>')
  .description('play a run again as a new run from the response cache only: offline, free, identical')
  .action(async (runId: string, _flags, cmd: Command) => {
    exitCode = await replayCommand(runId, { db: dbOf(cmd) });
  });

program
  .command('rescore <run>')
  .description("recompute outcomes and scores from the stored events with the game's scorer, without any model call")
  .option('--set <key=value>', 'a setting to change, repeatable (EDA: --set lambda=0.05)', collect)
  .option('--lambda <x>', 'EDA: score penalty per turn beyond the free turns (same as --set lambda=x)')
  .option('--free-turns <n>', 'EDA: turns that cost nothing, 5 in the paper (same as --set freeTurns=n)')
  .option('--write', 'store the new scores (and settings) with the run')
  .action((runId: string, flags, cmd: Command) => {
    exitCode = rescoreCommand(runId, { ...flags, db: dbOf(cmd) });
  });

program
  .command('subsets [action] [name]')
  .description('fixed subsets, the same items for every run and human game: `subsets` (list), `subsets show <name>`, `subsets create <name> --game <id> --dataset <name> --split <subset> --size 30 --seed 7`, `subsets rm <name>`')
  .option('--game <id>', `the game (default ${DEFAULT_GAME})`)
  .option('--dataset <name>', 'create: the dataset it samples')
  .option('--split <subset>', "create: the split it samples (default: the dataset's own, as a run plays it)")
  .option('--size <n>', 'create: how many instances')
  .option('--seed <n>', 'create: the seed of the draw (default 0)')
  .option('--note <text>', 'create: a note shown beside it')
  .option('--json', 'list/show: as JSON')
  .action((action: string | undefined, name: string | undefined, flags, cmd: Command) => {
    exitCode = subsetsCommand(action, name, { ...flags, db: dbOf(cmd) });
  });

// The capabilities' own commands (probes, ablate, tags…), where `parlor --help` has always listed them.
for (const capability of CLI_CAPABILITIES) capability.register?.(program, { dbOf, exit: (code) => (exitCode = code) });

program
  .command('prices [action] [args...]')
  .description('the price table: `prices`, `prices set <provider:model> <in $/Mtok> <out $/Mtok> [<cached in> [<cache write>]]`, `prices rm <provider:model>`')
  .action((action: string | undefined, args: string[], _flags, cmd: Command) => {
    exitCode = pricesCommand(action, args, { db: dbOf(cmd) });
  });

program
  .command('annotations [action] [args...]')
  .description("annotation sets (is a game's label right?): `list`, `create --runs 1,2 --size 300`, `report <set> [--json|--csv]`, `export <set>`, `apply <set> [--dry-run]`, `review <set>`, `rule <set> <item> <label|correct|ambiguous>`, `history <set> <item>`, `pack <set> --annotator <name> -o file.parlor`")
  .option('--runs <ids>', 'create: runs to draw events from, comma-separated')
  .option('--name <text>', 'create: a name for the set')
  .option('--method <m>', 'create: random | stratified | episodes (default random; stratified with --strata)')
  .option('--size <n>', 'create: how many events to draw')
  .option('--strata <keys>', 'create: dataset,model,label,tag')
  .option('--allocation <a>', 'create: proportional (default) | equal')
  .option('--episodes <ids>', 'create: every annotatable event of these episodes')
  .option('--seed <n>', 'create: sampling seed (default random, recorded)')
  .option('--overlap <n|all>', 'create: items every annotator labels (default all); pack with --assign: the first n items go to everyone (default: the set\'s own overlap)')
  .option('--json', 'report, apply: the full results as JSON; pack: what the pack holds')
  .option('--csv', 'report: the error-rate table as CSV')
  .option('--what <labels|results|calibration>', 'export: labels (default), the results table, or the calibration table (games with ordinal labels: SimulBench)')
  .option('--format <csv|jsonl>', 'export: default csv')
  .option('--headers <readable|keys>', 'export: CSV column names, readable ("Episode", default) or keys (episode_id, as version 5 wrote them)')
  .option('-o, --out <file>', 'export: write to a file; pack: the pack\'s file')
  .option('--items <ids>', 'pack: the items to pack, by id: 3,7,10-20 (default all)')
  .option('--assign <i/n>', 'pack: share i of the set dealt to n annotators (the overlap to everyone, the rest in turn)')
  .option('--force', 'pack: replace the file at -o')
  .option('--dry-run', "apply: say what the set's accepted labels would change and rescore nothing")
  .option('--annotator <name>', "review, rule: who reviews or rules (default: the database's current annotator; rule refuses without one); pack: who the pack is for")
  .option('--note <text>', 'rule: why')
  .action((action: string | undefined, args: string[], flags, cmd: Command) => {
    exitCode = annotationsCommand(action, args, { ...flags, db: dbOf(cmd) });
  });

program
  .command('annotators [action] [args...]')
  .description('people who label: `annotators` (the current one starred), `add <name>`, `use <name>` (who this database labels and rules as)')
  .option('--json', 'list: as JSON')
  .action((action: string | undefined, args: string[], flags, cmd: Command) => {
    exitCode = annotatorsCommand(action, args, { ...flags, db: dbOf(cmd) });
  });

program
  .command('merge <files...>')
  .description('bring into this database (--db) what other Parlor databases hold that it lacks: runs with all that was played in them, datasets, media, models, prices, the response cache, subsets. One transaction; the files are never written (an older one is migrated on a copy); merging a file twice changes nothing')
  .option('--json', 'the merge report as JSON')
  .action((files: string[], flags, cmd: Command) => {
    exitCode = mergeCommand(files, { ...flags, db: dbOf(cmd) });
  });

program
  .command('serve')
  .description('browser mode: serve the app and its API on 127.0.0.1 with a per-launch token')
  .option('--port <n>', 'port (default: a free one)')
  .option('--static-dir <dir>', 'the built renderer (default dist/renderer)')
  .action(async (flags, cmd: Command) => {
    exitCode = await serveCommand({ ...flags, db: dbOf(cmd) });
  });

program
  .command('file <run> <id>')
  .description("a file the run's game makes from it: `file <run> <id>` writes one (`parlor games` and the run page name each game's files; named by run and content hash)")
  .option('-o, --out <file>', 'write to this file, or into this folder under its own name')
  .option('--json', 'print where it wrote and what it holds as JSON')
  .action((runId: string, id: string, flags, cmd: Command) => {
    exitCode = fileCommand(runId, id, { ...flags, db: dbOf(cmd) });
  });

try {
  await program.parseAsync(process.argv);
  process.exitCode = exitCode;
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else {
    // The one door for users' failures: one line, exit code 2. Anything else is a bug and keeps its stack.
    const user = asUserError(error, safeDbPath(program));
    if (!user) throw error;
    process.stderr.write(`parlor: ${user.message.replace(/\n+/g, '\n  ')}\n`);
    process.exitCode = 2;
  }
}

function safeDbPath(cmd: Command): string | undefined {
  try {
    return resolveDbPath((cmd.opts() as { db?: string }).db);
  } catch {
    return undefined;
  }
}
