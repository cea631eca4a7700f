/** `parlor`: the headless door to the engine. */
import { Command, CommanderError } from 'commander';
import { DatasetError } from '../engine/datasets/eda';
import { PreflightError, RunConfigError } from '../engine/runner/prepare';
import { ConflictError, NotFoundError, SchemaTooNewError } from '../engine/store/store';
import { APP_VERSION } from '../engine/version';
import { CliError } from './context';
import { annotationsCommand } from './commands/annotations';
import { exportCommand } from './commands/export';
import { reportCommand } from './commands/report';
import { runCommand } from './commands/run';
import { episodesCommand, runsCommand } from './commands/runs';
import { serveCommand } from './commands/serve';
import { showCommand } from './commands/show';
import { pricesCommand, replayCommand, rescoreCommand } from './commands/tools';
import { BudgetExhaustedError, RunBusyError } from '../engine/runner/execute';

const program = new Command('parlor')
  .description('Evaluate language models through conversational games (Entity-Deduction Arena).')
  .version(APP_VERSION)
  .option('--db <path>', 'SQLite database (default: $PARLOR_DB or the per-user data folder)')
  .showHelpAfterError()
  .exitOverride();

let exitCode = 0;
const dbOf = (cmd: Command) => (cmd.optsWithGlobals() as { db?: string }).db;

program
  .command('run')
  .description('play a benchmark run: dataset × repetitions, guesser against judge')
  .option('-c, --config <file>', 'JSON run config; flags given here override it')
  .option('--dataset <name>', 'things | celebrities', undefined)
  .option('--dataset-file <path>', 'your own entity list, one per line (`|` between aliases)')
  .option('--kind <kind>', 'things | celebrities: which prompts a custom list uses')
  .option('--split <split>', 'train | dev | test (default test)')
  .option('--guesser <model>', 'provider:model, e.g. openai:gpt-4o or anthropic:claude-sonnet-4-5')
  .option('--judge <model>', 'provider:model of the judge (the paper: openai:gpt-3.5-turbo)')
  .option('--base-url <url>', 'base URL for both players (OpenAI-compatible server or Anthropic proxy)')
  .option('--guesser-base-url <url>', 'base URL for the guesser')
  .option('--judge-base-url <url>', 'base URL for the judge')
  .option('--guesser-key-env <var>', 'environment variable holding the guesser API key')
  .option('--judge-key-env <var>', 'environment variable holding the judge API key')
  .option('-r, --repetitions <n>', 'repetitions of every entity (default 5, as the paper)')
  .option('--concurrency <n>', 'episodes in flight (default 16)')
  .option('--limit <n>', 'only the first n entities of the split')
  .option('--seed <n>', 'run seed (default random, recorded)')
  .option('--max-turns <n>', 'turn limit (default 20)')
  .option('--lambda <x>', 'score penalty per turn beyond 5 (default 0.02)')
  .option('--guesser-temperature <t>', 'default 0.8')
  .option('--judge-temperature <t>', 'default 0.2')
  .option('--name <text>', 'a name for the run')
  .option('--no-preflight', 'skip the one-token check of every model before the run')
  .option('--cache <mode>', 'response cache: off | use (read and fill) | only (replay offline)')
  .option('--budget <usd>', 'stop cleanly once the spend reaches this many US dollars (needs `parlor prices`)')
  .option('--rpm <n>', 'requests per minute allowed to each model')
  .option('--tpm <n>', 'tokens per minute allowed to each model')
  .option('--dry-run', 'print the estimate of calls, tokens and cost, and stop')
  .option('--resume <run>', 'continue an interrupted run from its last committed turns')
  .option('--retry-errors <run>', 'play the episodes of a run that ended in error again')
  .action(async (flags, cmd: Command) => {
    exitCode = await runCommand({ ...flags, db: dbOf(cmd) });
  });

program
  .command('runs')
  .description('list runs with status (interrupted runs included) and progress')
  .option('--json', 'machine-readable output')
  .action((flags, cmd: Command) => {
    exitCode = runsCommand({ ...flags, db: dbOf(cmd) });
  });

program
  .command('report <run>')
  .description("the paper's Table 1 columns for a run: #Turns, Success, #Yes, Score as mean ± std over repetitions")
  .option('--json', 'machine-readable output')
  .action((run: string, flags, cmd: Command) => {
    exitCode = reportCommand(run, { ...flags, db: dbOf(cmd) });
  });

program
  .command('episodes <run>')
  .description('list the episodes of a run with their ids, outcomes and metrics')
  .action((run: string, _flags, cmd: Command) => {
    exitCode = episodesCommand(run, { db: dbOf(cmd) });
  });

program
  .command('show <episode>')
  .description('the transcript of an episode')
  .option('--json', 'episode, turns and raw model calls as JSON')
  .option('--calls', 'also print every model call with its request and response')
  .action((episode: string, flags, cmd: Command) => {
    exitCode = showCommand(episode, { ...flags, db: dbOf(cmd) });
  });

program
  .command('export <what>')
  .description('a run id (one row per episode), or leaderboard | heatmap | difficulty across runs')
  .option('--format <format>', 'run: csv | jsonl; leaderboard: csv | latex; heatmap: csv | latex | svg; difficulty: csv | svg', 'csv')
  .option('-o, --out <file>', 'write to a file instead of standard output')
  .option('--dataset <name>', 'views: things (default) | celebrities')
  .option('--split <split>', 'views: only this split')
  .option('--judge <player>', 'views: only runs with this judge, e.g. openai:gpt-3.5-turbo')
  .option('--from <date>', 'views: runs created on or after YYYY-MM-DD')
  .option('--to <date>', 'views: runs created on or before YYYY-MM-DD')
  .option('--topic <key>', 'heatmap: category (Things); occupation | nationality | era | gender (Celebrities)')
  .option('--metric <m>', 'heatmap: score (default) | success')
  .option('--axis <axis>', 'difficulty: item (default) or topic:<key>')
  .action((what: string, flags, cmd: Command) => {
    exitCode = exportCommand(what, { ...flags, db: dbOf(cmd) });
  });

program
  .command('replay <run>')
  .description('play a run again as a new run from the response cache only: offline, free, identical')
  .action(async (run: string, _flags, cmd: Command) => {
    exitCode = await replayCommand(run, { db: dbOf(cmd) });
  });

program
  .command('rescore <run>')
  .description('recompute metrics from the stored turns, without any model call')
  .option('--lambda <x>', 'score penalty per turn beyond the free turns')
  .option('--free-turns <n>', 'turns that cost nothing (5 in the paper)')
  .option('--write', 'store the new metrics (and settings) with the run')
  .action((run: string, flags, cmd: Command) => {
    exitCode = rescoreCommand(run, { ...flags, db: dbOf(cmd) });
  });

program
  .command('prices [action] [args...]')
  .description('the price table: `prices`, `prices set <provider:model> <in $/Mtok> <out $/Mtok>`, `prices rm <provider:model>`')
  .action((action: string | undefined, args: string[], _flags, cmd: Command) => {
    exitCode = pricesCommand(action, args, { db: dbOf(cmd) });
  });

program
  .command('annotations [action] [args...]')
  .description('judge-error annotation sets: `list`, `create --runs 1,2 --size 300`, `report <set> [--json|--csv]`, `export <set>`')
  .option('--runs <ids>', 'create: runs to draw judge answers from, comma-separated')
  .option('--name <text>', 'create: a name for the set')
  .option('--method <m>', 'create: random | stratified | episodes (default random; stratified with --strata)')
  .option('--size <n>', 'create: how many judge answers to draw')
  .option('--strata <keys>', 'create: dataset,judgeModel,judgeLabel,category')
  .option('--allocation <a>', 'create: proportional (default) | equal')
  .option('--episodes <ids>', 'create: every judge answer of these episodes')
  .option('--seed <n>', 'create: sampling seed (default random, recorded)')
  .option('--overlap <n|all>', 'create: items every annotator labels (default all)')
  .option('--json', 'report: the full results as JSON')
  .option('--csv', 'report: the error-rate table as CSV')
  .option('--what <labels|results>', 'export: labels (default) or the results table')
  .option('--format <csv|jsonl>', 'export: default csv')
  .option('-o, --out <file>', 'export: write to a file')
  .action((action: string | undefined, args: string[], flags, cmd: Command) => {
    exitCode = annotationsCommand(action, args, { ...flags, db: dbOf(cmd) });
  });

program
  .command('serve')
  .description('browser mode: serve the app and its API on 127.0.0.1 with a per-launch token')
  .option('--port <n>', 'port (default: a free one)')
  .option('--static-dir <dir>', 'the built renderer (default dist/renderer)')
  .action(async (flags, cmd: Command) => {
    exitCode = await serveCommand({ ...flags, db: dbOf(cmd) });
  });

const USER_ERRORS = [ConflictError, CliError, RunConfigError, PreflightError, DatasetError, NotFoundError, SchemaTooNewError, RunBusyError, BudgetExhaustedError];

try {
  await program.parseAsync(process.argv);
  process.exitCode = exitCode;
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else if (USER_ERRORS.some((E) => error instanceof E)) {
    process.stderr.write(`parlor: ${(error as Error).message}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
