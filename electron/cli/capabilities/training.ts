/** `parlor export training`: chosen runs' games as JSONL for fine-tuning (chats) or RL (per-turn rewards). */
import { TRAINING_FORMATS, type TrainingFormat } from '../../../shared/contract/training';
import { exportTraining } from '../../engine/capabilities/training/export';
import { checkOutput, CliError, openStore, parseId, parseSettingFlags } from '../context';
import { writeOutput } from '../output';
import { printData } from '../terminal';
import type { CliCapability } from './types';

export interface TrainingFlags {
  db?: string;
  out?: string;
  runs?: string;
  as?: string;
  games?: string;
  split?: string;
  allowTest?: boolean;
  rule?: string[];
}

export function trainingCommand(flags: TrainingFlags): number {
  if (!flags.runs) throw new CliError('Say which runs: --runs 3,4 (see `parlor runs`).');
  const runIds = flags.runs.split(',').map((r) => parseId(r.trim(), 'a run id'));
  const format = (flags.as ?? 'chat') as TrainingFormat;
  if (!TRAINING_FORMATS.includes(format)) throw new CliError(`--as must be ${TRAINING_FORMATS.join(' or ')}, not "${flags.as}".`);
  const games = flags.games ?? (format === 'chat' ? 'successful' : 'all');
  if (games !== 'successful' && games !== 'all') throw new CliError(`--games must be successful or all, not "${flags.games}".`);
  const out = flags.out === undefined ? undefined : checkOutput(flags.out);
  const store = openStore(flags.db, { create: false });
  try {
    const result = exportTraining(store, {
      runIds, format, games,
      ...(flags.split ? { subsets: flags.split.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
      allowHeldOut: flags.allowTest === true,
      ...(flags.rule?.length ? { rule: parseSettingFlags(flags.rule, '--rule') } : {}),
    });
    const text = result.lines.map((l) => `${l}\n`).join('');
    if (out) writeOutput(out, text);
    else printData(text);
    for (const note of result.notes) process.stderr.write(`${note}\n`);
    if (out) process.stderr.write(`wrote ${result.lines.length} lines to ${out}\n`);
    return 0;
  } finally {
    store.close();
  }
}

const collect = (value: string, list: string[] = []) => [...list, value];

export const trainingCli: CliCapability = {
  key: 'training',
  exports: [
    {
      name: 'training',
      summary: 'games as JSONL for fine-tuning or RL',
      options(exportCommand) {
        exportCommand
          .option('--runs <ids>', 'training: the runs whose games to export, comma-separated')
          .option('--as <kind>', "training: chat (the trained seat's view, for fine-tuning) | rewards (per-turn rewards, for RL) (default chat)")
          .option('--games <which>', 'training: successful | all (default: successful for chat, all for rewards)')
          .option('--allow-test', 'training: export games on held-out splits (EDA: test) too, and say so')
          .option('--rule <key=value>', 'training rewards: the reward rule, repeatable (EDA: lambda, freeTurns, yesStart, yesSlope)', collect);
      },
      run: (flags) => trainingCommand(flags as TrainingFlags),
    },
  ],
};
