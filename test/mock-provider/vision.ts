/**
 * A "vision" model of the mock provider: it reads the image parts of a request as the real SDKs send
 * them (OpenAI `image_url` data URLs, Anthropic base64 `image` blocks), names the colour of a solid
 * PNG, and follows the test game's reply formats. `-sloppy` answers off-format until corrected once;
 * `-broken` never keeps to the format.
 */
import { firstPixel } from '../fixtures/toy-game/png';

interface Part {
  type?: string;
  text?: string;
  image_url?: { url?: string };
  source?: { type?: string; media_type?: string; data?: string };
}

/** The images of a message, as bytes, whatever the wire format. */
export function imagesOf(content: unknown): Buffer[] {
  if (!Array.isArray(content)) return [];
  return (content as Part[]).flatMap((p) => {
    if (p.type === 'image_url' && p.image_url?.url?.startsWith('data:')) return [Buffer.from(p.image_url.url.split(',')[1] ?? '', 'base64')];
    if (p.type === 'image' && p.source?.type === 'base64' && p.source.data) return [Buffer.from(p.source.data, 'base64')];
    return [];
  });
}

function colourName([r, g, b]: [number, number, number]): string {
  if (r > 200 && g > 100 && b < 80) return 'orange';
  if (r >= g && r >= b) return 'red';
  if (g >= r && g >= b) return 'green';
  return 'blue';
}

export function visionReply(model: string, messages: { role?: unknown; content?: unknown }[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const text = typeof last?.content === 'string' ? last.content : Array.isArray(last?.content) ? (last!.content as Part[]).map((p) => p.text ?? '').join(' ') : '';
  const corrected = messages.some((m) => m.role === 'assistant');
  if (model.endsWith('-broken') || (model.endsWith('-sloppy') && !corrected)) return 'Hmm, hard to say.';
  const word = /"([^"]+)"/.exec(text)?.[1] ?? 'grey';
  if (/COLOUR:/.test(text)) {
    const image = messages.flatMap((m) => imagesOf(m.content))[0];
    return `COLOUR: ${image ? colourName(firstPixel(image)) : 'grey'}`;
  }
  if (/RELAY:/.test(text)) return `RELAY: ${word}`;
  if (/FINAL:/.test(text)) return `FINAL: ${word}`;
  return 'OK';
}
