/**
 * `parlor tags <runs>`: failure-mode tags (EDA: early enumeration, redundancy, inconsistency) per
 * model with 95% intervals; `--llm` runs the optional LLM tagger first; `--list` prints every tag.
 */
import type { Command } from 'commander';
import { failureCountsCsv, failureCountsLatex } from '../../engine/capabilities/failure-modes/files';
import { tagWithModel } from '../../engine/capabilities/failure-modes/tagger';
import { failureTagsView } from '../../engine/capabilities/failure-modes/tags';
import { checkOutput, CliError, modelSpec, openStore, parseId, parseSettingFlags } from '../context';
import { writeOutput } from '../output';
import { table } from '../format';
import { printData, rawStream } from '../terminal';
import { fixed, percentNumber } from '../../../shared/text/number';
import type { CliCapability } from './types';

export interface TagsFlags {
  db?: string;
  llm?: string;
  baseUrl?: string;
  keyEnv?: string;
  sources?: string;
  rule?: string[];
  format?: string;
  out?: string;
  list?: boolean;
}

const pct = (x: number | null) => (x === null ? '—' : `${percentNumber(x, 1)}%`);
const num = (x: number | null) => (x === null ? '—' : fixed(x, 2));

export async function tagsCommand(runs: string, flags: TagsFlags): Promise<number> {
  const runIds = runs.split(',').map((r) => parseId(r.trim(), 'a run id'));
  const rules = Object.fromEntries(Object.entries(parseSettingFlags(flags.rule ?? [], '--rule')).map(([k, v]) => [k, Number(v)]));
  const format = flags.format ?? 'table';
  if (!['table', 'csv', 'latex'].includes(format)) throw new CliError(`--format must be table, csv or latex, not "${format}".`);
  const store = openStore(flags.db, { create: false });
  try {
    let sources = flags.sources?.split(',').map((s) => s.trim()).filter(Boolean);
    if (flags.llm) {
      const model = { ...modelSpec(flags.llm), ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}), ...(flags.keyEnv ? { apiKeyEnv: flags.keyEnv } : {}) };
      const result = await tagWithModel(store, runIds, model, { onEpisode: (done, total) => rawStream(process.stderr).write(`\rtagging ${done}/${total}`) });
      process.stderr.write(`\n${result.source}: ${result.tagged} episodes tagged (${result.tags} tags${result.dropped ? `, ${result.dropped} naming no known mode or turn dropped` : ''}), ${result.alreadyTagged} read before, ${result.failed} failed\n`);
      sources ??= ['rules', result.source];
    }
    const view = failureTagsView(store, runIds, { ...(sources ? { sources } : {}), rules });
    if (format !== 'table') {
      const text = format === 'csv' ? failureCountsCsv(view) : failureCountsLatex(view);
      if (flags.out) writeOutput(checkOutput(flags.out), text);
      else printData(text);
      return 0;
    }
    process.stdout.write(`Failure modes of the ${view.seat}, counting ${view.counted.join(' + ')} (available: ${view.available.join(', ')}); rules ${Object.entries(view.rules).map(([k, v]) => `${k}=${v}`).join(' ')}; ${view.reviewed} tags reviewed.\n`);
    const rows = view.counts.map((c) => [c.player, c.mode, c.games, `${c.tagged} (${pct(c.rate)})`, `${pct(c.low)}–${pct(c.high)}`, num(c.perGame), `${num(c.perGameLow)}–${num(c.perGameHigh)}`]);
    process.stdout.write(`${table(['model', 'mode', 'games', 'games tagged', '95% CI', 'tags/game', '95% CI'], rows)}\n`);
    if (flags.list) {
      const lines = view.tags.map((t) => [t.episodeId, `${t.instance} #${t.repetition}`, t.round, t.mode, t.status, t.sources.join(' '), t.reasons[0] ?? t.reviews[0]?.note ?? '']);
      process.stdout.write(`\n${table(['episode', 'game', 'turn', 'mode', 'status', 'from', 'why'], lines)}\n`);
    }
    return 0;
  } finally {
    store.close();
  }
}

const collect = (value: string, list: string[] = []) => [...list, value];

export const failureModesCli: CliCapability = {
  key: 'failure-modes',
  register(program, { dbOf, exit }) {
    program
      .command('tags <runs>')
      .description("failure-mode tags of runs' games (EDA: early enumeration, redundancy, inconsistency) per model with 95% intervals; --llm adds an LLM tagger's suggestions")
      .option('--llm <model>', 'provider:model of an LLM tagger to run first (episodes it read are skipped)')
      .option('--base-url <url>', "the tagger's base URL")
      .option('--key-env <var>', "environment variable holding the tagger's API key")
      .option('--sources <list>', 'suggestions to count: rules and/or llm:<provider:model>, comma-separated (default rules)')
      .option('--rule <key=value>', 'a detector threshold, repeatable (EDA: minYes, minRun, framePrefix, similarity)', collect)
      .option('--list', 'every tag with its reason')
      .option('--format <f>', 'table (default) | csv | latex')
      .option('-o, --out <file>', 'csv/latex: write to this file')
      .action(async (runs: string, flags: TagsFlags, cmd: Command) => {
        exit(await tagsCommand(runs, { ...flags, db: dbOf(cmd) }));
      });
  },
};
