/**
 * What a message or a game event says: text and images. Images are stored once in the media table,
 * content-addressed by sha256, and referenced as `media:<sha256>`.
 */
export interface TextPart {
  type: 'text';
  text: string;
}

export interface ImagePart {
  type: 'image';
  /** `media:<sha256 hex>` */
  ref: string;
  mime: string;
  /** The name the game's data gives the image (a clembench resource path, a URL): captions and exported file names. */
  name?: string;
}

export type ContentPart = TextPart | ImagePart;

export const MEDIA_REF = /^media:([0-9a-f]{64})$/;

export function mediaRef(sha256: string): string {
  return `media:${sha256}`;
}

/** The sha256 a `media:` reference names; throws on anything else. */
export function mediaSha(ref: string): string {
  const match = MEDIA_REF.exec(ref);
  if (!match) throw new Error(`"${ref}" is not a media reference (media:<sha256>).`);
  return match[1]!;
}

/** The text of a message's parts, images left out. */
export function textOf(content: string | readonly ContentPart[]): string {
  return typeof content === 'string' ? content : content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}
