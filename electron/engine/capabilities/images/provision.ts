/**
 * Images: what a multimodal game shows its players. Instances name images (clembench resource paths,
 * URLs); before a run starts Parlor finds every image it needs (media store, the game's makers, the
 * user's folders, a download) and refuses to start while one is missing, so no episode is ever half
 * played for an image. The game master shows them with `kit.image(name)`. A game without this
 * capability shows no images: an image it asks for is refused with a message that says so.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { InstanceRow } from '../../core/game';

/** Bytes of an image the game can make itself (clembench's grid images from their ASCII grids). */
export interface MadeImage {
  bytes: Uint8Array;
  mime: string;
}

/** A maker of some of a game's images, tried before the user's folders and the network. */
export interface ImageMaker {
  /** Where the report says Parlor looked ("rendered from ascii_game_instances.json"). */
  label: string;
  /** The image of this name, or null when this maker does not make it. Pure: the same name gives the same bytes. */
  make(name: string): MadeImage | null;
}

export interface GameImages<S = unknown> {
  /** Every image an episode of this instance may show, by the names the instance gives them. */
  of(instance: InstanceRow, settings: S): string[];
  /** The most images one message shows, per role: a model that takes fewer cannot play that role (clembench's "multiple images"). */
  perMessage: Readonly<Record<string, number>>;
  makers?: readonly ImageMaker[];
  /** Where a user finds the images the game cannot make (shown with a missing image). */
  hint?: string;
}

declare module '../../core/capability' {
  interface Provisions<S> {
    images: GameImages<S>;
  }
}

export const imagesCheck: CapabilityCheck<'images'> = {
  key: 'images',
  problems(value, game) {
    const problems: string[] = [];
    if (typeof value?.of !== 'function') problems.push('images.of must be a function of an instance and the settings');
    const roles = game.roles.map((r) => r.id);
    const perMessage = Object.entries(value?.perMessage ?? {});
    if (perMessage.length === 0) problems.push('images.perMessage names no role: say how many images one message shows each role that sees images');
    for (const [role, n] of perMessage) {
      if (!roles.includes(role)) problems.push(`images.perMessage names "${role}", which is not one of its roles (${roles.join(', ')})`);
      if (!(Number.isInteger(n) && n >= 1)) problems.push(`images.perMessage.${role} is ${String(n)}: a whole number of images, at least 1`);
    }
    (value?.makers ?? []).forEach((m, i) => {
      if (typeof m?.make !== 'function' || typeof m.label !== 'string' || !m.label) problems.push(`images.makers[${i}] needs a label and a make(name) function`);
    });
    return problems;
  },
};
