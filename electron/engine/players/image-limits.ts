/** What each provider accepts as an image (their documented limits), without loading any image code. */
export interface ImageLimits {
  provider: string;
  formats: readonly string[];
  maxBytes: number;
  /** The longest side the provider accepts at all (it rejects larger images rather than scaling them). */
  maxSide?: number;
}

/** OpenAI's vision input: PNG, JPEG, WebP, non-animated GIF, up to 20 MB per image. */
export const OPENAI_IMAGE_LIMITS: ImageLimits = { provider: 'OpenAI', formats: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], maxBytes: 20 * 1024 * 1024 };
/** Anthropic's: JPEG, PNG, GIF, WebP, up to 5 MB per image and 8000 px a side. */
export const ANTHROPIC_IMAGE_LIMITS: ImageLimits = { provider: 'Anthropic', formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: 5 * 1024 * 1024, maxSide: 8000 };
