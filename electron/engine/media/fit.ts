/**
 * Images as a provider takes them. Each provider accepts some formats up to some size; an image
 * outside those is converted (re-encoded, scaled down) before the call, deterministically, and the
 * converted bytes are what is stored as sent, or it is refused with a message that says why.
 */
import { decodeInspected, newCanvas } from './canvas';
import { inspectImage } from './complete';
import { sniffImage } from './sniff';
import { measuredSize, type ImageLimits } from '../players/image-limits';

export type Fitted = { ok: true; changed: false } | { ok: true; changed: true; bytes: Uint8Array; mime: string; note: string } | { ok: false; why: string };

const JPEG_QUALITY = 90;

export async function fitImage(bytes: Uint8Array, mime: string, limits: ImageLimits, what: string): Promise<Fitted> {
  const formatOk = limits.formats.includes(mime);
  const fits = (n: number) => measuredSize(n, limits) <= limits.maxBytes;
  // Even an image sent as it is must be whole (one stored by an earlier version may be cut short).
  const inspected = await inspectImage(bytes, what);
  if (!inspected.ok) return { ok: false, why: sniffImage(bytes) ? inspected.why : `${inspected.why}; ${limits.provider} takes ${limits.formats.join(', ')}` };
  if (formatOk && fits(bytes.byteLength) && !limits.maxSide) return { ok: true, changed: false };
  let image;
  try {
    image = await decodeInspected(bytes, what);
  } catch (error) {
    return { ok: false, why: `${(error as Error).message}; ${limits.provider} takes ${limits.formats.join(', ')}` };
  }
  const side = Math.max(image.width, image.height);
  const tooWide = limits.maxSide !== undefined && side > limits.maxSide;
  if (formatOk && fits(bytes.byteLength) && !tooWide) return { ok: true, changed: false };
  // Photos stay JPEG; everything else (drawings, grids) becomes a lossless PNG.
  const target = mime === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  let scale = tooWide ? limits.maxSide! / side : 1;
  for (let attempt = 0; attempt < 6; attempt++) {
    const width = Math.max(1, Math.floor(image.width * scale));
    const height = Math.max(1, Math.floor(image.height * scale));
    const canvas = newCanvas(width, height);
    canvas.getContext('2d').drawImage(image, 0, 0, width, height);
    const out = target === 'image/jpeg' ? canvas.toBuffer('image/jpeg', JPEG_QUALITY) : canvas.toBuffer('image/png');
    if (fits(out.byteLength)) {
      const steps = [!formatOk ? `${mime} → ${target}` : '', scale < 1 ? `${image.width}×${image.height} → ${width}×${height}` : '', !fits(bytes.byteLength) ? `${bytes.byteLength} → ${out.byteLength} bytes` : ''];
      return { ok: true, changed: true, bytes: out, mime: target, note: `converted for ${limits.provider}: ${steps.filter(Boolean).join(', ')}` };
    }
    scale *= Math.sqrt(limits.maxBytes / measuredSize(out.byteLength, limits)) * 0.9;
  }
  return { ok: false, why: `${what} (${image.width}×${image.height}, ${bytes.byteLength} bytes) could not be brought under ${limits.provider}'s ${limits.maxBytes} bytes per image${limits.measure === 'base64' ? ' (as base64)' : ''}` };
}
