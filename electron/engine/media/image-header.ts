/**
 * An image's size from its header, read before anything is decoded: decoding takes four bytes per pixel
 * however small the file (a 30000×30000 PNG of one colour is a few kilobytes and 3.6 GB decoded), so an
 * image over MAX_DECODE_PIXELS is refused by its header, never handed to the decoder.
 */
import { sniffImage, type ImageMime } from './sniff';

/** The most pixels Parlor decodes in one image: 64 million (8000×8000; 256 MB as RGBA). */
export const MAX_DECODE_PIXELS = 64_000_000;

export interface ImageHeader {
  mime: ImageMime;
  width: number;
  height: number;
}

export type HeaderReading = { ok: true; header: ImageHeader } | { ok: false; why: string };

const fail = (why: string): HeaderReading => ({ ok: false, why });

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function png(bytes: Uint8Array): HeaderReading {
  // Signature (8), then the IHDR chunk: length (4), type (4), width (4), height (4), …
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return fail('its PNG header (IHDR) is missing or cut short');
  const v = view(bytes);
  return { ok: true, header: { mime: 'image/png', width: v.getUint32(16), height: v.getUint32(20) } };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Uint8Array): HeaderReading {
  const v = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return fail(`its JPEG markers are broken at byte ${at}`);
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // image data, or the end, before any frame header
    const length = v.getUint16(at + 2);
    if (SOF.has(marker)) {
      if (at + 9 > bytes.length) break;
      return { ok: true, header: { mime: 'image/jpeg', width: v.getUint16(at + 7), height: v.getUint16(at + 5) } };
    }
    at += 2 + length;
  }
  return fail('its JPEG frame header (SOF) is missing or cut short');
}

function gif(bytes: Uint8Array): HeaderReading {
  if (bytes.length < 10) return fail('its GIF header is cut short');
  const v = view(bytes);
  return { ok: true, header: { mime: 'image/gif', width: v.getUint16(6, true), height: v.getUint16(8, true) } };
}

function webp(bytes: Uint8Array): HeaderReading {
  const v = view(bytes);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { ok: true, header: { mime: 'image/webp', width: u24(24) + 1, height: u24(27) + 1 } };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = v.getUint32(21, true);
    return { ok: true, header: { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 } };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { ok: true, header: { mime: 'image/webp', width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff } };
  }
  return fail('its WebP header is missing or cut short');
}

function bmp(bytes: Uint8Array): HeaderReading {
  if (bytes.length < 26) return fail('its BMP header is cut short');
  const v = view(bytes);
  // OS/2 1.x headers (12 bytes) hold 16-bit sizes; all later ones 32-bit, the height negative for top-down rows.
  if (v.getUint32(14, true) === 12) return { ok: true, header: { mime: 'image/bmp', width: v.getUint16(18, true), height: v.getUint16(20, true) } };
  return { ok: true, header: { mime: 'image/bmp', width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) } };
}

const READERS: Record<ImageMime, (bytes: Uint8Array) => HeaderReading> = { 'image/png': png, 'image/jpeg': jpeg, 'image/gif': gif, 'image/webp': webp, 'image/bmp': bmp };

/** The kind and size an image's header states, or why it has none. */
export function readImageHeader(bytes: Uint8Array): HeaderReading {
  const mime = sniffImage(bytes);
  if (!mime) return fail('it is not a PNG, JPEG, GIF, WebP or BMP image');
  const reading = READERS[mime](bytes);
  if (reading.ok && (reading.header.width === 0 || reading.header.height === 0)) return fail(`its header gives a size of ${reading.header.width}×${reading.header.height}`);
  return reading;
}

/** Why an image is too large to decode, or null when it is not. */
export function tooManyPixels({ width, height }: ImageHeader): string | null {
  const pixels = width * height;
  if (pixels <= MAX_DECODE_PIXELS) return null;
  const megabytes = Math.round((pixels * 4) / 1e6);
  return `it is ${width}×${height} pixels (${Math.round(pixels / 1e6)} million), more than the ${MAX_DECODE_PIXELS / 1e6} million Parlor decodes (it would take ${megabytes} MB of memory): scale it down first`;
}
