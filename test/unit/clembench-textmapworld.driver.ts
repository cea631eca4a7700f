/** Test driver for the MapWorld games: plays an instance with scripted or built-in replies, and reads fixture episodes. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventRecord } from '../../electron/engine/core/events';
import type { Game, InstanceInput, InstanceRow } from '../../electron/engine/core/game';
import { testKit } from '../support/kit';
import { clemReplies, type ClemAction, type ClemAdapter } from '../../electron/engine/games/clembench/adapter';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import type { ChatMessage } from '../../electron/engine/players/types';
// The bundled games' provisions (their images) are recorded when the registry loads them.
import '../../electron/engine/games/registry';
import { capabilityOf } from '../../electron/engine/core/capability';

export const FIXTURES = fileURLToPath(new URL('../fixtures/clembench-runs/', import.meta.url));

export const row = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export interface Played {
  events: EventRecord[];
  /** The messages of every call, in order. */
  requests: ChatMessage[][];
}

/** Plays one episode; `reply` answers each call from the messages the seat was sent. */
export async function play(game: Game<MapSettings>, instance: InstanceRow, reply: (messages: readonly ChatMessage[], n: number) => string, prior: EventRecord[] = [], settings = game.settings.parse({})): Promise<Played> {
  const events: EventRecord[] = [...prior];
  const requests: ChatMessage[][] = [];
  const kit = testKit({
    answer: (_seat, messages) => {
      requests.push([...messages]);
      return reply(messages, requests.length - 1);
    },
    images: capabilityOf(game, 'images')?.of(instance, settings),
    prior,
    onEvent: (event) => events.push(event),
  });
  await game.play({
    episode: { id: 1, repetition: 0, seed: 0 },
    instance,
    datasetKind: 'v1.6',
    settings,
    seats: [{ seat: 'explorer', role: 'explorer', player: 'test', human: false }],
    prior,
    kit,
    signal: new AbortController().signal,
  });
  return { events, requests };
}

export interface FixtureEpisode {
  path: string;
  version: string;
  pair: string;
  game: string;
  experiment: string;
  instance: Record<string, unknown>;
  turns: ClemAction[][];
  /** Episode scores, NaN as null. */
  scores: Record<string, number | null>;
  turnScores: Record<string, Record<string, number | boolean>>;
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8').replace(/\bNaN\b/g, 'null')) as Record<string, unknown>;

/** Every fixture episode of a clembench game (all versions and model pairs). */
export function fixtureEpisodes(game: string): FixtureEpisode[] {
  const out: FixtureEpisode[] = [];
  for (const version of readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const pair of readdirSync(join(FIXTURES, version.name))) {
      const gameDir = join(FIXTURES, version.name, pair, game);
      let experiments: string[];
      try {
        experiments = readdirSync(gameDir);
      } catch {
        continue;
      }
      for (const exp of experiments.filter((e) => /^\d+_/.test(e))) {
        for (const ep of readdirSync(join(gameDir, exp)).filter((e) => e.startsWith('episode_'))) {
          const path = join(gameDir, exp, ep);
          const scores = json(join(path, 'scores.json'));
          out.push({
            path: `${version.name}/${pair}/${game}/${exp}/${ep}`,
            version: version.name,
            pair,
            game,
            experiment: exp.replace(/^\d+_/, ''),
            instance: json(join(path, 'instance.json')),
            turns: (json(join(path, 'interactions.json')).turns as ClemAction[][]),
            scores: scores['episode scores'] as Record<string, number | null>,
            turnScores: scores['turn scores'] as Record<string, Record<string, number | boolean>>,
          });
        }
      }
    }
  }
  return out;
}

/** Replays a logged episode through the game's own master with the logged replies. */
export async function replay(game: Game<MapSettings>, adapter: ClemAdapter, ep: FixtureEpisode): Promise<Played & { input: InstanceInput }> {
  const input = adapter.instanceFrom(ep.instance, { name: ep.experiment });
  const replies = clemReplies(ep.turns, adapter.seats).explorer ?? [];
  const played = await play(game, row(input), (_m, n) => {
    if (n >= replies.length) throw new Error(`${ep.path}: the master asked for reply ${n + 1} of ${replies.length}`);
    return replies[n]!;
  });
  if (played.requests.length !== replies.length) throw new Error(`${ep.path}: ${played.requests.length} calls for ${replies.length} logged replies`);
  return { ...played, input };
}

/** The logged contents of one kind of action, in order. */
export const logged = (ep: FixtureEpisode, from: string, to: string, type: string) =>
  ep.turns.flat().filter((a) => a.from === from && a.to === to && a.action.type === type).map((a) => String(a.action.content));
