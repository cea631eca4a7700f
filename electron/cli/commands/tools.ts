import { rescoreRun } from '../../engine/analysis/rescore';
import { gameById } from '../../engine/games/registry';
import { replayRun } from '../../engine/runner/replay';
import { CliError, modelSpec, openStore, parseId, parseSettingFlags } from '../context';
import { metricMeanStdOf, table } from '../format';
import { progressPrinter } from '../progress';
import { printReport } from './report';

export async function replayCommand(runText: string, flags: { db?: string }): Promise<number> {
  const store = openStore(flags.db, { create: false });
  try {
    const runId = parseId(runText, 'Run id');
    const game = gameById(store.runs.get(runId).game);
    const result = await replayRun(store, runId, { onEvent: progressPrinter({ one: game.view.outcomeLabels.success, many: game.view.outcomePlurals.success }) });
    printReport(store, result.runId);
    return result.status === 'done' && result.errors === 0 ? 0 : 1;
  } finally {
    store.close();
  }
}

function number(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new CliError(`${what} must be a non-negative number, not "${text}".`);
  return value;
}

/** `--set key=value` settings, and EDA's `--lambda`/`--free-turns` as short names for two of them. */
export function rescoreCommand(runText: string, flags: { lambda?: string; freeTurns?: string; set?: string[]; write?: boolean; db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const runId = parseId(runText, 'Run id');
    const overrides: Record<string, unknown> = parseSettingFlags(flags.set);
    const lambda = number(flags.lambda, '--lambda');
    const freeTurns = number(flags.freeTurns, '--free-turns');
    if (lambda !== undefined) overrides.lambda = lambda;
    if (freeTurns !== undefined) overrides.freeTurns = freeTurns;
    const game = gameById(store.runs.get(runId).game);
    const { report, changed } = rescoreRun(store, runId, overrides, flags.write);
    console.log(`Run ${runId} rescored from its stored events (no model calls): ${changed} episode(s) changed${flags.write ? ', saved' : ''}`);
    console.log(table(game.metrics.map((m) => m.label), [game.metrics.map((m) => metricMeanStdOf(m, report.metrics[m.key]))]));
    return 0;
  } finally {
    store.close();
  }
}

export function pricesCommand(action: string | undefined, args: string[], flags: { db?: string }): number {
  const store = openStore(flags.db, { create: action === 'set' });
  try {
    if (!action || action === 'list') {
      const prices = store.models.listPrices();
      if (!prices.length) console.log('No prices set. Add one: parlor prices set openai:gpt-4o 2.50 10.00  (USD per million input / output tokens)');
      else console.log(table(['model', 'input $/Mtok', 'output $/Mtok', 'cached in', 'cache write', 'updated'], prices.map((p) => [`${p.provider}:${p.model}`, p.inputPerMTok, p.outputPerMTok, p.cachedInputPerMTok ?? 'default', p.cacheWritePerMTok ?? 'default', p.updatedAt.slice(0, 10)])));
      return 0;
    }
    const spec = args[0];
    if (!spec) throw new CliError(`Usage: parlor prices ${action} <provider:model>${action === 'set' ? ' <input $/Mtok> <output $/Mtok>' : ''}`);
    const { provider, model } = modelSpec(spec);
    if (action === 'set') {
      const input = number(args[1], 'The input price');
      const output = number(args[2], 'The output price');
      const cachedInputPerMTok = number(args[3], 'The cached input price') ?? null;
      const cacheWritePerMTok = number(args[4], 'The cache write price') ?? null;
      if (input === undefined || output === undefined) throw new CliError('Usage: parlor prices set <provider:model> <input $/Mtok> <output $/Mtok> [<cached input $/Mtok> [<cache write $/Mtok>]]');
      store.models.setPrice(provider, model, input, output, { cachedInputPerMTok, cacheWritePerMTok });
      const cache = cachedInputPerMTok === null ? '' : `, $${cachedInputPerMTok} cached input${cacheWritePerMTok === null ? '' : `, $${cacheWritePerMTok} cache write`}`;
      console.log(`${provider}:${model}: $${input} input, $${output} output${cache} per million tokens`);
      return 0;
    }
    if (action === 'rm') {
      if (!store.models.removePrice(provider, model)) throw new CliError(`No price is set for ${provider}:${model}.`);
      console.log(`removed the price of ${provider}:${model}`);
      return 0;
    }
    throw new CliError(`Unknown prices action "${action}": use list, set or rm.`);
  } finally {
    store.close();
  }
}
