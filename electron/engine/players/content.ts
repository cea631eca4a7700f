/** Messages with image parts, as each provider's wire format wants them. */
import type { ImagePart } from '../../../shared/contract/content';
import { ProviderError } from './errors';
import type { ChatMessage, ChatRequest } from './types';

/**
 * `inline`: the image bytes go in the body (what is sent); `ref`: the body names the image by its
 * `media:` reference (what is stored and what the response cache keys on), so a stored request
 * stays small and the same image is one blob however often it is sent.
 */
export type ImageMode = 'inline' | 'ref';

export function hasImages(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => typeof m.content !== 'string' && m.content.some((p) => p.type === 'image'));
}

/** The image's data for the body: base64 bytes, or its reference. */
export function imageData(part: ImagePart, request: ChatRequest, mode: ImageMode): string {
  if (mode === 'ref') return part.ref;
  const image = request.images?.get(part.ref);
  if (!image) throw new ProviderError('bad_request', `The image ${part.ref} of this request is not in the media store.`);
  return image.base64;
}

/** OpenAI chat content: a string, or text and `image_url` parts (a data URL). */
export function openaiContent(message: ChatMessage, request: ChatRequest, mode: ImageMode): unknown {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : { type: 'image_url', image_url: { url: mode === 'ref' ? part.ref : `data:${part.mime};base64,${imageData(part, request, mode)}` } },
  );
}

/** Anthropic message content: a string, or text and base64 `image` blocks. */
export function anthropicContent(message: ChatMessage, request: ChatRequest, mode: ImageMode): unknown {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', source: { type: 'base64', media_type: part.mime, data: imageData(part, request, mode) } },
  );
}
