/**
 * Test driver for the multimodal MapWorld games: plays an instance with scripted or built-in replies
 * through a fake TurnKit whose images are `media:<sha256 of the name>`, and replays the published
 * fixture episodes (read with the text MapWorld driver's reader).
 */
import { createHash } from 'node:crypto';
import type { ContentPart } from '../../shared/contract/content';
import type { ChatMessage } from '../../electron/engine/players/types';

// The text MapWorld driver plays and replays any MapWorld game: its kit gives every image images.of names a stand-in reference.
export { fixtureEpisodes, logged, play, replay, row, type Played } from './clembench-textmapworld.driver';

export const sha = (name: string) => createHash('sha256').update(name).digest('hex');

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
