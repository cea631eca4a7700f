/** Continuing a paused human game from its row on the Play page: the same players, seat and subset as before. */
import { seatModel } from '../../../shared/contract/run';
import { planOfRun } from '../core/run-plan';

import { UserError } from '../errors';
import type { HumanSessions } from '../human/sessions';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

export function registerNav(registry: HandlerRegistry, store: Store, humans: HumanSessions): void {
  registry.handle('human.resume', ({ episodeId }) => {
    const episode = store.episodes.get(episodeId);
    if (episode.status === 'done' || episode.status === 'error') throw new UserError(`Game ${episodeId} is over: it cannot be continued.`);
    const run = store.runs.get(episode.runId);
    const human = run.seats.find((s) => s.playerKind === 'human');
    if (!human) throw new UserError(`Game ${episodeId} was played by models only: there is nothing to continue on the Play page.`);
    const config = planOfRun(run).config;
    const models = Object.fromEntries(run.seats.filter((s) => s.role !== human.role).map((s) => [s.role, seatModel(config.players, s.role, s.member)]));
    // start() continues this person's unfinished game in the run with these players.
    const resumed = humans.start({ game: run.game, handle: human.player.replace(/^human:/, ''), dataset: config.dataset.name, subset: run.subset, seat: human.seat, models });
    return { episodeId: resumed };
  });
}
