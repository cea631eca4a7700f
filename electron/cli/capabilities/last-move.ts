/**
 * `parlor ablate`: the planning/reasoning ablation. `--trajectories <run> --last-turn <model>` plays
 * a last-turn swap of a finished run and prints X → Y beside X → X; `--matrix <runs>` prints (or
 * exports) the matrix of swap runs and originals; `--pairs <swap run>` shows the last moves side by side.
 */
import type { Command } from 'commander';
import type { SwapMatrixView } from '../../../shared/api/capabilities/last-move';
import { bracketed } from '../../../shared/text/interval';
import { swapMatrixCsv, swapMatrixLatex } from '../../engine/capabilities/last-move/files';
import { swapMatrix, swapPairs } from '../../engine/capabilities/last-move/matrix';
import { prepareLastTurnSwap } from '../../engine/capabilities/last-move/swap';
import { checkOutput, CliError, modelSpec, openStore, parseId } from '../context';
import { writeOutput } from '../output';
import { printData } from '../terminal';
import { table } from '../format';
import { playStoredRun } from '../commands/run';
import type { CliCapability } from './types';

export interface AblateFlags {
  db?: string;
  trajectories?: string;
  lastTurn?: string;
  baseUrl?: string;
  keyEnv?: string;
  concurrency?: string;
  matrix?: string;
  metric?: string;
  pairs?: string;
  format?: string;
  out?: string;
}

function printMatrix(view: SwapMatrixView): void {
  const digits = view.metric.digits;
  for (const d of view.datasets) {
    process.stdout.write(`\n${d.dataset}: ${view.metric.label}, trajectory X (rows) → ${view.seat} Y for the last turn (columns); mean [95% CI] (n)\n`);
    const rows = d.from.map((x) => [
      x,
      ...d.to.map((y) => {
        const c = d.cells.find((cell) => cell.from === x && cell.to === y);
        if (!c || !c.n) return '–';
        return `${bracketed(c.mean, c.low, c.high, digits)} (${c.n})`;
      }),
    ]);
    process.stdout.write(`${table(['X \\ Y', ...d.to], rows)}\n`);
  }
}

export async function ablateCommand(flags: AblateFlags): Promise<number> {
  if (flags.trajectories) {
    if (!flags.lastTurn) throw new CliError('Say which model takes the last turn: --last-turn provider:model (e.g. openai:gpt-4o).');
    const sourceRunId = parseId(flags.trajectories, 'a run id');
    const model = { ...modelSpec(flags.lastTurn), ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}), ...(flags.keyEnv ? { apiKeyEnv: flags.keyEnv } : {}) };
    const store = openStore(flags.db, { create: false });
    try {
      const swap = prepareLastTurnSwap(store, sourceRunId, model, flags.concurrency ? { concurrency: parseId(flags.concurrency, 'a concurrency') } : {});
      process.stderr.write(`run ${swap.runId}: the last turn of ${swap.episodes} episodes of run ${sourceRunId}${swap.skipped ? ` (${swap.skipped} left out: invalid, or never moved)` : ''}\n`);
      const code = await playStoredRun(store, swap.runId, 'play');
      printMatrix(swapMatrix(store, [sourceRunId, swap.runId], flags.metric));
      process.stdout.write(`\nSide by side: parlor ablate --pairs ${swap.runId}\n`);
      return code;
    } finally {
      store.close();
    }
  }
  const store = openStore(flags.db, { create: false });
  try {
    if (flags.pairs) {
      const view = swapPairs(store, parseId(flags.pairs, 'a run id'));
      process.stdout.write(`Run ${view.runId}: the last turn of run ${view.sourceRunId}'s games, ${view.from} → ${view.to}\n`);
      const lines = (side: { lines: { from: string | null; text: string }[] } | null) => (side ? side.lines.map((l) => `${l.from ?? 'rules'}: ${l.text}`).join(' / ') : '(not played yet)');
      const rows = view.pairs.map((p) => [`${p.instance} #${p.repetition}`, p.round, lines(p.original), p.original.value ?? '', lines(p.swapped), p.swapped?.value ?? '']);
      process.stdout.write(`${table(['episode', 'turn', `as played (${view.from})`, view.metric.label, `swapped (${view.to})`, view.metric.label], rows)}\n`);
      return 0;
    }
    if (!flags.matrix) throw new CliError('Say what to do: --trajectories <run> --last-turn <model> (play a swap), --matrix <runs> (the X → Y table) or --pairs <swap run>.');
    const view = swapMatrix(store, flags.matrix.split(',').map((r) => parseId(r.trim(), 'a run id')), flags.metric);
    const format = flags.format ?? 'table';
    if (format === 'table') {
      printMatrix(view);
      return 0;
    }
    if (format !== 'csv' && format !== 'latex') throw new CliError(`--format must be table, csv or latex, not "${format}".`);
    const text = format === 'csv' ? swapMatrixCsv(view) : swapMatrixLatex(view);
    if (flags.out) writeOutput(checkOutput(flags.out), text);
    else printData(text);
    return 0;
  } finally {
    store.close();
  }
}

export const lastMoveCli: CliCapability = {
  key: 'last-move',
  register(program, { dbOf, exit }) {
    program
      .command('ablate')
      .description('the planning/reasoning ablation (EDA Tables 4 and 6, "X → Y"): replay a run\'s games up to the last question and let another model ask it; the X → Y matrix; the last turns side by side')
      .option('--trajectories <run>', 'the finished run whose games are replayed (X)')
      .option('--last-turn <model>', 'provider:model that takes the last turn (Y)')
      .option('--base-url <url>', 'base URL for the last-turn model')
      .option('--key-env <var>', "environment variable holding the last-turn model's API key")
      .option('--concurrency <n>', 'episodes in flight')
      .option('--matrix <runs>', 'the X → Y matrix of these swap runs and originals, comma-separated')
      .option('--metric <key>', "the metric of the matrix (default the game's: EDA score)")
      .option('--format <f>', 'matrix: table (default) | csv | latex')
      .option('-o, --out <file>', 'matrix csv/latex: write to this file')
      .option('--pairs <run>', "a swap run's last turns beside the originals")
      .action(async (flags: AblateFlags, cmd: Command) => {
        exit(await ablateCommand({ ...flags, db: dbOf(cmd) }));
      });
  },
};
