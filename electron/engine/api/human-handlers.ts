/** The Play page's API: a person in a seat of any game; the same episode record as a model's. */
import type { HumanGameState, TranscriptView } from '../../../shared/api/views';
import { planOfRun } from '../core/run-plan';
import type { ModelConfig } from '../../../shared/contract/models';
import { textOf } from '../../../shared/contract/content';
import { capabilityOf } from '../core/capability';
import { openTranscript } from './transcripts';
import { gameById } from '../games/registry';
import { HumanSessions } from '../human/sessions';
import type { ModelFactory } from '../players/factory';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';
import { orderSeats } from './views';

/**
 * While a game is played, the person sees what their seat sees: events from or to it and the rules'
 * decisions for all, nothing of the instance (EDA: the entity) and no other seat's secrets.
 */
export function seatView(t: TranscriptView, seat: string, over: boolean): TranscriptView {
  if (over) return t;
  return {
    ...t,
    episode: {
      ...t.episode,
      instance: '?',
      instanceView: { ...t.episode.instanceView, key: '', name: '?', payload: null, tags: {} },
      seats: t.episode.seats.map((s) => (s.seat === seat ? s : { ...s, given: null })),
    },
    // Call ids would let the raw requests (with the other seats' prompts) be fetched.
    events: t.events.filter((e) => e.from === seat || e.to === seat || (e.to === null && e.kind === 'system')).map((e) => ({ ...e, callId: null })),
    marks: [],
  };
}

export function registerHuman(registry: HandlerRegistry, store: Store, factory: () => ModelFactory, profile: (id: number) => { config: ModelConfig }, onChange: () => void): HumanSessions {
  const humans = new HumanSessions(store, factory, onChange);

  const state = async (episodeId: number): Promise<HumanGameState> => {
    await humans.settle(episodeId);
    const session = humans.sessions.get(episodeId);
    const episode = store.episodes.get(episodeId);
    const run = store.runs.get(episode.runId);
    const { game, settings } = planOfRun(run);
    const humanSeat = session?.seat ?? run.seats.find((s) => s.playerKind === 'human')?.seat ?? '';
    const handle = run.seats.find((s) => s.seat === humanSeat)?.player.replace(/^human:/, '') ?? '';
    const over = episode.status === 'done' || episode.status === 'error';
    const live = !!session && !session.settled;
    const pending = live ? session.human.pending : null;
    const transcript = openTranscript(store, episodeId, episode);
    return {
      episodeId,
      runId: episode.runId,
      game: game.id,
      handle,
      seat: humanSeat,
      role: run.seats.find((s) => s.seat === humanSeat)?.role ?? '',
      dataset: episode.datasetName,
      subset: episode.instance.subset,
      instructions: capabilityOf(game, 'people')?.instructions(humanSeat, episode.instance, settings, episode.datasetKind) ?? '',
      transcript: seatView(transcript, humanSeat, over),
      prompt: pending ? pending.messages.map((m) => ({ role: m.role, text: textOf(m.content), parts: typeof m.content === 'string' ? null : [...m.content] })) : null,
      waiting: pending !== null,
      status: over ? (episode.status as 'done' | 'error') : live ? 'playing' : 'paused',
      outcome: episode.outcome,
      instance: over ? episode.instance.name : null,
      hinted: store.models.hasCall(episodeId, 'hint'),
      hints: session?.hints ?? [],
      hintModel: session?.hint?.label ?? null,
      error: episode.status === 'error' ? episode.error : null,
    };
  };

  registry
    .handle('human.start', ({ game, handle, dataset, subset, seat, models, hintModelId, fixed }) => {
      const configs = Object.fromEntries(Object.entries(models).map(([role, id]) => [role, profile(id).config]));
      return state(humans.start({ game, handle, dataset, subset, seat, models: configs, ...(hintModelId ? { hint: profile(hintModelId).config } : {}), ...(fixed ? { fixed } : {}) }));
    })
    .handle('human.state', ({ episodeId }) => state(episodeId))
    .handle('human.say', async ({ episodeId, text }) => {
      await humans.say(episodeId, text);
      return state(episodeId);
    })
    .handle('human.hint', async ({ episodeId }) => {
      await humans.hint(episodeId);
      return state(episodeId);
    })
    .handle('human.abandon', async ({ episodeId }) => {
      await humans.abandon(episodeId);
      return state(episodeId);
    })
    .handle('human.sessions', () =>
      store.episodes.withHumans().map((e) => {
        const game = gameById(e.game);
        const human = orderSeats(e.seats, game).find((s) => s.playerKind === 'human');
        return {
          episodeId: e.id, runId: e.runId, game: e.game, player: human?.player ?? '', seat: human?.seat ?? '', instance: e.instance.name, dataset: e.datasetName,
          subset: e.instance.subset, status: e.status, outcome: e.outcome, scores: e.scores, invalid: e.invalid, finishedAt: e.finishedAt, hinted: store.models.hasCall(e.id, 'hint'),
        };
      }),
    )
    .handle('human.review', ({ episodeId, invalid }) => {
      store.episodes.setInvalid(episodeId, invalid);
      onChange();
      return { episodeId, invalid };
    });
  return humans;
}
