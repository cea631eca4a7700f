import type { EventView } from '../../../../shared/api/contract';
import type { ImagePart } from '../../../../shared/contract/content';
import { episodeOf, type RefEpisodeView } from '../referencegame/episode';

/** A multimodal reference-game episode as the views show it: the text game's replies and verdict, and each player's images. */
export interface MmRefImage {
  label: string;
  part: ImagePart;
  target: boolean;
}

export interface MmRefEpisodeView extends Pick<RefEpisodeView, 'describer' | 'follower' | 'verdict'> {
  describerImages: MmRefImage[];
  followerImages: MmRefImage[];
}

const LABELS = ['First', 'Second', 'Third'];

const imagesOf = (events: readonly EventView[], seat: string): ImagePart[] =>
  events.find((e) => e.kind === 'prompt' && e.to === seat)?.parts?.flatMap((p) => (p.type === 'image' ? [p] : [])) ?? [];

/** The describer's header says where its target is ("The second image is the target"). */
function targetIndex(events: readonly EventView[]): number {
  const text = events.find((e) => e.kind === 'prompt' && e.to === 'describer')?.text ?? '';
  const m = /the (first|second|third) image is the target/i.exec(text);
  return m ? LABELS.indexOf(m[1]![0]!.toUpperCase() + m[1]!.slice(1).toLowerCase()) : 0;
}

export function mmEpisodeOf(events: readonly EventView[]): MmRefEpisodeView {
  const { describer, follower, verdict } = episodeOf(events);
  const at = targetIndex(events);
  const mine = imagesOf(events, 'describer');
  const target = mine[at];
  // The follower's target is the same picture: the same stored image.
  const same = (p: ImagePart) => target !== undefined && p.ref === target.ref;
  return {
    describer,
    follower,
    verdict,
    describerImages: mine.map((part, i) => ({ label: LABELS[i] ?? `Image ${i + 1}`, part, target: i === at })),
    followerImages: imagesOf(events, 'follower').map((part, i) => ({ label: LABELS[i] ?? `Image ${i + 1}`, part, target: same(part) })),
  };
}
