/** What each provider accepts as an image (their documented limits), without loading any image code. */
export interface ImageLimits {
  provider: string;
  formats: readonly string[];
  maxBytes: number;
  /** What `maxBytes` measures: the raw bytes, or their base64 text as the request carries it (Anthropic). */
  measure: 'raw' | 'base64';
  /** The longest side the provider accepts at all (it rejects larger images rather than scaling them). */
  maxSide?: number;
}

/** OpenAI's vision input: PNG, JPEG, WebP, non-animated GIF, up to 20 MB per image. */
export const OPENAI_IMAGE_LIMITS: ImageLimits = { provider: 'OpenAI', formats: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], maxBytes: 20 * 1024 * 1024, measure: 'raw' };
/** Anthropic's: JPEG, PNG, GIF, WebP, up to 5 MB per image as base64 (its errors count the encoded text) and 8000 px a side. */
export const ANTHROPIC_IMAGE_LIMITS: ImageLimits = { provider: 'Anthropic', formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: 5 * 1024 * 1024, measure: 'base64', maxSide: 8000 };

/** The size a limit counts for these bytes. */
export function measuredSize(bytes: number, limits: Pick<ImageLimits, 'measure'>): number {
  return limits.measure === 'base64' ? Math.ceil(bytes / 3) * 4 : bytes;
}
