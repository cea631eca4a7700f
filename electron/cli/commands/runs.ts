import { episodeValue } from '../../../shared/contract/game';
import { orderSeats } from '../../engine/api/views';
import { gameById } from '../../engine/games/registry';
import { openStore, parseId } from '../context';
import { shortTime, table } from '../format';

export function runsCommand(flags: { json?: boolean; db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const runs = store.runs.list();
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
        ['id', 'status', 'game', 'dataset', 'players', 'episodes', 'errors', 'successes', 'created'],
        runs.map((r) => {
          const game = gameById(r.game);
          const players = orderSeats(r.seats, game).map((s) => (game.roles.find((x) => x.id === s.role)?.subject ? s.player : `${s.seat} ${s.player}`));
          return [r.id, r.status, r.game, `${r.datasetName}/${r.subset}`, players.join(' · '), `${r.done}/${r.episodes}`, r.errors, r.outcomes.success, shortTime(r.createdAt)];
        }),
      ),
    );
    return 0;
  } finally {
    store.close();
  }
}

export function episodesCommand(runText: string, flags: { db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const run = store.runs.get(parseId(runText, 'Run id'));
    const game = gameById(run.game);
    const columns = game.view.episodeColumns.map((key) => game.metrics.find((m) => m.key === key)!);
    const rows = store.episodes.list(run.id).map((e) => [
      e.id,
      e.instance.name,
      e.repetition,
      e.status,
      e.outcome ? game.view.outcomeLabels[e.outcome] : '',
      ...columns.map((m) => {
        const v = e.scores?.[m.key];
        return v === undefined ? '' : episodeValue(m, v);
      }),
      e.error ?? '',
    ]);
    console.log(table(['episode', game.view.nouns.instance, 'rep', 'status', 'outcome', ...columns.map((m) => m.label.toLowerCase()), 'error'], rows));
    return 0;
  } finally {
    store.close();
  }
}
