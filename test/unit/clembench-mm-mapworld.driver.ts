/**
 * Test driver for the multimodal MapWorld games: plays an instance with scripted or built-in replies
 * through a fake TurnKit whose images are `media:<sha256 of the name>`, and replays the published
 * fixture episodes (read with the text MapWorld driver's reader).
 */
import { createHash } from 'node:crypto';
import type { ContentPart } from '../../shared/contract/content';
import type { Game, InstanceInput } from '../../electron/engine/core/game';
import { clemReplies, type ClemAdapter } from '../../electron/engine/games/clembench/adapter';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import type { ChatMessage } from '../../electron/engine/players/types';
import { play, row, type FixtureEpisode, type Played } from './clembench-textmapworld.driver';

// The text MapWorld driver plays any MapWorld game: its kit gives every image images.of names a stand-in reference.
export { fixtureEpisodes, logged, play, row, type Played } from './clembench-textmapworld.driver';

export const sha = (name: string) => createHash('sha256').update(name).digest('hex');

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

/** A message as the test reads it: its text and the names (by hash) of the images it carries. */
export function shapeOf(m: ChatMessage, names: readonly string[]): { role: string; text: string; images: string[] } {
  const parts: readonly ContentPart[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  const byRef = new Map(names.map((n) => [`media:${sha(n)}`, n]));
  return {
    role: m.role,
    text: parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    images: parts.flatMap((p) => (p.type === 'image' ? [byRef.get(p.ref) ?? p.ref] : [])),
  };
}
