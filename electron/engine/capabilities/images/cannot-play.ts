/**
 * Whether a run's models can take the images its game shows. clembench records a model that takes
 * fewer images per message than a game sends as unable to play that game; Parlor marks such a run
 * "cannot play" (no episode, no call), never as errors.
 */
import { z } from 'zod';
import type { ModelConfig } from '../../../../shared/contract/models';
import { capabilityOf } from '../../core/capability';
import type { Game } from '../../core/game';
import type { GameImages } from './provision';

const CAPACITY = { none: 0, one: 1, many: Number.POSITIVE_INFINITY } as const;
const SAYS = { none: 'takes no images', one: 'takes one image per message', many: 'takes many images per message' } as const;

/** A model as the check reads it: what it says of the images it takes. */
type Player = { provider: string; model: string; imageInput?: ModelConfig['imageInput'] };

/** Why these players cannot play a game of this title showing this many images per message and role; null when they can. */
export function cannotTake(title: string, images: Pick<GameImages, 'perMessage'> | undefined, players: Readonly<Record<string, Player | readonly Player[]>>): string | null {
  const perMessage = images?.perMessage;
  if (!perMessage) return null;
  const reasons: string[] = [];
  for (const [role, config] of Object.entries(players).flatMap(([role, p]) => (Array.isArray(p) ? p : [p]).map((c: Player) => [role, c] as const))) {
    const input = config.imageInput ?? 'many';
    const shown = perMessage[role] ?? 0;
    if (shown > CAPACITY[input]) reasons.push(`${config.provider}:${config.model} ${SAYS[input]}; ${title} shows the ${role} ${shown === 1 ? 'an image' : `${shown} images`} in one message`);
  }
  return reasons.length ? `cannot play: ${reasons.join('; ')}` : null;
}

/** Why these players cannot play this game (a game that shows no images: null). */
export function cannotPlay(game: Pick<Game<unknown>, 'id' | 'shortTitle'>, players: Readonly<Record<string, Player | readonly Player[]>>): string | null {
  return cannotTake(game.shortTitle, capabilityOf(game, 'images'), players);
}

// Only what `cannotPlay` reads of a stored run's players, so a config of any version reads.
const StoredPlayer = z.object({ provider: z.string(), model: z.string(), imageInput: z.enum(['many', 'one', 'none']).optional() });
const StoredPlayers = z.object({ players: z.record(z.string(), z.union([StoredPlayer, z.array(StoredPlayer)])) });

/** Why a stored run's players cannot play its game, or null (also for a config that does not say). */
export function runCannotPlay(game: Pick<Game<unknown>, 'id' | 'shortTitle'>, storedConfig: unknown): string | null {
  const parsed = StoredPlayers.safeParse(storedConfig);
  return parsed.success ? cannotPlay(game, parsed.data.players) : null;
}
