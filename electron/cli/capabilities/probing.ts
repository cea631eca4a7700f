/** `parlor probes <runs>`: dialogue-state probes, as the true answer's mean rank per round and model, or one episode as Table 3. */
import type { Command } from 'commander';
import { probeView } from '../../engine/capabilities/probing/view';
import { CliError, openStore, parseId } from '../context';
import { table } from '../format';
import { fixed } from '../../../shared/text/number';
import type { CliCapability } from './types';

export interface ProbesFlags {
  db?: string;
  episode?: string;
  json?: boolean;
}

const interval = (low: number | null, high: number | null) => (low === null || high === null ? '' : `[${fixed(low, 2)}, ${fixed(high, 2)}]`);

export function probesCommand(runs: string, flags: ProbesFlags): number {
  const runIds = runs.split(',').map((r) => parseId(r.trim(), 'a run id'));
  const store = openStore(flags.db, { create: false });
  try {
    const view = probeView(store, runIds);
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(view, null, 2)}\n`);
      return 0;
    }
    if (flags.episode !== undefined) {
      const id = parseId(flags.episode, 'an episode id');
      const episode = view.episodes.find((e) => e.episodeId === id);
      if (!episode) throw new CliError(`Episode ${id} has no probes in run${runIds.length > 1 ? 's' : ''} ${runIds.join(', ')}.`);
      process.stdout.write(`${episode.instance} (repetition ${episode.repetition}, ${episode.outcome ?? 'unfinished'}), ${view.seat} ${episode.player}; * marks a turn whose answer eliminated all ${view.size}\n`);
      const rows = episode.rounds.map((r) => [
        `${r.turnover ? '*' : ''}${r.round}`,
        r.items ? r.items.map((c, i) => (i + 1 === r.targetRank ? `[${c}]` : c)).join(' | ') : `(${r.error ?? 'no probe'})`,
        r.move ?? '',
        r.reply ?? '',
      ]);
      process.stdout.write(`${table(['turn', `top ${view.size} before the question ([the answer])`, 'question', 'answer'], rows)}\n`);
      return 0;
    }
    process.stdout.write(`${view.counts.episodes} probed episodes, ${view.counts.probes} probes (${view.counts.failed} failed). Mean rank of the true answer among the ${view.size} (absent = ${view.absentRank}), 95% t interval:\n`);
    for (const s of view.series) {
      process.stdout.write(`\n${s.player}\n`);
      const rows = s.points.map((p) => [p.round, p.n, fixed(p.meanRank, 2), interval(p.low, p.high), `${Math.round(p.inItems * 100)}%`]);
      process.stdout.write(`${table(['turn', 'episodes', 'mean rank', '95% CI', `in top ${view.size}`], rows)}\n`);
    }
    const turnovers = view.episodes.reduce((n, e) => n + e.rounds.filter((r) => r.turnover).length, 0);
    process.stdout.write(`\n${turnovers} turns eliminated all ${view.size} candidates. One episode as Table 3: parlor probes ${runs} --episode <id>\n`);
    return 0;
  } finally {
    store.close();
  }
}

export const probingCli: CliCapability = {
  key: 'probing',
  register(program, { dbOf, exit }) {
    program
      .command('probes <runs>')
      .description("dialogue-state probes of runs played with probing on (EDA: settings.probe.enabled): the true answer's mean rank per turn and model, or --episode <id> as the paper's Table 3")
      .option('--episode <id>', 'one episode: its top 5 before each question, the question and the answer')
      .option('--json', 'the whole view as JSON')
      .action((runs: string, flags: ProbesFlags, cmd: Command) => {
        exit(probesCommand(runs, { ...flags, db: dbOf(cmd) }));
      });
  },
};
