import { openStore, parseId } from '../context';
import { shortTime, table } from '../format';

export function runsCommand(flags: { json?: boolean; db?: string }): number {
  const store = openStore(flags.db);
  try {
    const runs = store.listRuns();
    if (flags.json) {
      console.log(JSON.stringify(runs.map(({ config: _config, ...rest }) => rest), null, 2));
      return 0;
    }
    if (runs.length === 0) {
      console.log(`No runs yet in ${store.path}. Start one with \`parlor run\`.`);
      return 0;
    }
    console.log(
      table(
        ['id', 'status', 'dataset', 'guesser', 'judge', 'episodes', 'errors', 'wins', 'created'],
        runs.map((r) => [r.id, r.status, `${r.datasetName}/${r.split}`, r.guesser ?? '', r.judge ?? '', `${r.done}/${r.episodes}`, r.errors, r.wins, shortTime(r.createdAt)]),
      ),
    );
    return 0;
  } finally {
    store.close();
  }
}

export function episodesCommand(runText: string, flags: { db?: string }): number {
  const store = openStore(flags.db);
  try {
    const runId = parseId(runText, 'Run id');
    store.getRun(runId);
    const rows = store.listEpisodes(runId).map((e) => [
      e.id, e.entity, e.repetition, e.status, e.outcome ?? '', e.metrics?.turns ?? '', e.metrics?.yes ?? '', e.metrics?.score?.toFixed(2) ?? '', e.error ?? '',
    ]);
    console.log(table(['episode', 'entity', 'rep', 'status', 'outcome', '#turns', '#yes', 'score', 'error'], rows));
    return 0;
  } finally {
    store.close();
  }
}
