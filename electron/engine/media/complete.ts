/**
 * Whether an image's bytes hold the whole image. The decoder reads pixels lazily and fills what a cut
 * file lacks with blank rows without a word, so a truncated download or copy would be stored and sent
 * as if it were the picture. Each format is walked to its end: PNG chunk by chunk with its pixel data
 * inflated to the end of its zlib stream (whose Adler-32 checksum catches corrupt data) and to the size
 * its header promises, JPEG segment by segment (by their lengths, so a thumbnail inside its EXIF data,
 * a whole small JPEG with end marker and all, is passed over) and through its image data to its
 * end-of-image marker, GIF block by block to its trailer, WebP and BMP to the length their headers give.
 */
import { createInflate } from 'node:zlib';
import { readImageHeader, tooManyPixels, type ImageHeader } from './image-header';

export type Completeness = { ok: true } | { ok: false; why: string };

const OK: Completeness = { ok: true };
const cut = (why: string): Completeness => ({ ok: false, why: `it is cut short or damaged: ${why}` });

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes of filtered scanlines a PNG's pixel data inflates to (interlaced images as Adam7's seven passes). */
function pngDataSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  const passes: [number, number, number, number][] = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  return passes.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

/**
 * Inflated bytes past what the pixels need that are still read through to the checksum. A PNG's data
 * inflates to exactly what its rows need; a few surplus bytes are harmless, but a few kilobytes of
 * deflate can stand for gigabytes, so past this much the data is refused rather than inflated on.
 */
const SURPLUS = 1 << 20;

/**
 * Inflates the whole stream without keeping the output, so that zlib reaches the end and checks its
 * Adler-32 checksum: memory stays at zlib's window and one chunk of output, and the work stops as
 * soon as the output passes `limit` bytes (which the caller then refuses).
 */
function inflatedSize(parts: readonly Uint8Array[], limit: number): Promise<{ size: number; error: string | null }> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    let settled = false;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve({ size, error });
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle(null);
    });
    inflate.on('error', (error) => settle(error.message));
    inflate.on('end', () => settle(null)); // the stream's end, its checksum checked
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

async function png(bytes: Uint8Array, header: ImageHeader): Promise<Completeness> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  let at = 8;
  let ended = false;
  while (at + 8 <= bytes.length) {
    const length = v.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const inside = bytes.length - at - 8;
    if (at + 12 + length > bytes.length) return cut(`the file ends ${inside} byte${inside === 1 ? '' : 's'} into its ${type} chunk of ${length}`);
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended) return cut('the file ends before its IEND chunk');
  if (data.length === 0) return cut('it has no image data (IDAT)');
  const bitDepth = bytes[24]!;
  const channels = CHANNELS[bytes[25]!];
  if (!channels) return { ok: false, why: `its PNG colour type ${bytes[25]} is not one PNG defines` };
  const expected = pngDataSize(header.width, header.height, bitDepth * channels, bytes[28] === 1);
  const { size, error } = await inflatedSize(data, expected + SURPLUS);
  if (error) return cut(`its image data does not inflate (${error})`);
  const pixels = `its ${header.width}×${header.height} pixels need`;
  if (size > expected + SURPLUS) return cut(`its image data inflates to more than ${expected + SURPLUS} bytes, far past the ${expected} ${pixels}`);
  if (size < expected) return cut(`its image data holds ${size} of the ${expected} bytes ${pixels}`);
  return OK;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const hex = (marker: number) => `FF${marker.toString(16).toUpperCase().padStart(2, '0')}`;
const SEGMENTS: Record<number, string> = { 0xc4: 'DHT', 0xcc: 'DAC', 0xda: 'SOS', 0xdb: 'DQT', 0xdc: 'DNL', 0xdd: 'DRI', 0xfe: 'COM' };
const segmentName = (marker: number) =>
  marker >= 0xe0 && marker <= 0xef ? `APP${marker - 0xe0}` : SOF.has(marker) ? `SOF${marker - 0xc0}` : (SEGMENTS[marker] ?? hex(marker));
/** A restart marker (RST0–RST7): inside image data, between its intervals. */
const restart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Walks the segments from the start-of-image marker by their lengths, each one skipped whole (an EXIF
 * APP1 segment can hold a whole thumbnail JPEG, start-of-scan and end-of-image markers and all), and
 * each scan's image data to the marker after it, until the end-of-image marker. A progressive JPEG has
 * several scans with tables between them; only the end marker after the last says the file is whole.
 */
function jpeg(bytes: Uint8Array): Completeness {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2; // past SOI
  let scans = 0;
  const ends = () => cut(scans > 0 ? 'the file ends inside its image data, before its end-of-image marker' : 'the file ends before its image data (SOS)');
  for (;;) {
    // Stray bytes before a marker are skipped, as the decoder (libjpeg) skips them; FF FF… is fill before one.
    at = bytes.indexOf(0xff, at);
    if (at < 0) return ends();
    while (bytes[at + 1] === 0xff) at++;
    if (at + 1 >= bytes.length) return ends();
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) return scans > 0 ? OK : cut('it has no image data (no SOS marker)');
    // Markers without a length: TEM, restarts, SOI; a stuffed FF 00 here is a stray byte.
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || restart(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return ends();
    const length = v.getUint16(at + 2);
    if (length < 2) return cut(`its ${segmentName(marker)} segment at byte ${at} gives a length of ${length}`);
    const inside = bytes.length - at - 2;
    if (at + 2 + length > bytes.length) return cut(`the file ends ${inside} byte${inside === 1 ? '' : 's'} into its ${segmentName(marker)} segment of ${length}`);
    at += 2 + length;
    if (marker !== 0xda) continue;
    scans++;
    // The scan's image data: an FF in it is followed by 00 (a stuffed FF) or a restart marker; any other marker ends it.
    for (;;) {
      at = bytes.indexOf(0xff, at);
      if (at < 0 || at + 1 >= bytes.length) return ends();
      const next = bytes[at + 1]!;
      if (next !== 0x00 && !restart(next)) break;
      at += 2;
    }
  }
}

function gif(bytes: Uint8Array): Completeness {
  const subBlocks = (from: number): number => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!;
    return at < bytes.length ? at + 1 : -1;
  };
  const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + table(bytes[10] ?? 0);
  let frames = 0;
  while (at >= 0 && at < bytes.length) {
    const block = bytes[at]!;
    if (block === 0x3b) return frames > 0 ? OK : cut('it has no image in it');
    if (block === 0x21) at = subBlocks(at + 2);
    else if (block === 0x2c) {
      frames++;
      at = at + 10 + table(bytes[at + 9] ?? 0) + 1; // descriptor, local colour table, LZW code size
      at = at <= bytes.length ? subBlocks(at) : -1;
    } else return cut(`an unknown block (0x${block.toString(16)}) at byte ${at}`);
  }
  // Some encoders leave out the trailer; every frame read to its last block is still whole.
  return at === bytes.length && frames > 0 ? OK : cut('the file ends inside an image block');
}

function webp(bytes: Uint8Array): Completeness {
  const riff = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true) + 8;
  return bytes.length >= riff ? OK : cut(`its header gives ${riff} bytes and the file has ${bytes.length}`);
}

function bmp(bytes: Uint8Array, header: ImageHeader): Completeness {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = v.getUint32(10, true);
  const core = v.getUint32(14, true) === 12;
  const bitsPerPixel = v.getUint16(core ? 24 : 28, true);
  const compression = core || bytes.length < 34 ? 0 : v.getUint32(30, true);
  // Uncompressed rows are padded to 4 bytes; compressed pixels state their size (or, if 0, cannot be checked this way).
  const stated = compression === 0 || compression === 3 || compression === 6 ? Math.floor((bitsPerPixel * header.width + 31) / 32) * 4 * header.height : bytes.length >= 38 ? v.getUint32(34, true) : 0;
  const needed = offset + stated;
  return bytes.length >= needed ? OK : cut(`its pixels need ${needed} bytes and the file has ${bytes.length}`);
}

/** Whether the bytes hold every part of the image their header describes. */
export async function checkComplete(bytes: Uint8Array, header: ImageHeader): Promise<Completeness> {
  switch (header.mime) {
    case 'image/png':
      return png(bytes, header);
    case 'image/jpeg':
      return jpeg(bytes);
    case 'image/gif':
      return gif(bytes);
    case 'image/webp':
      return webp(bytes);
    case 'image/bmp':
      return bmp(bytes, header);
  }
}

/**
 * Everything that can be known of an image without decoding it: its header, that it is not too large
 * to decode, and that its bytes are whole. `what` names it in the reason ("The image x.png").
 */
export async function inspectImage(bytes: Uint8Array, what: string): Promise<{ ok: true; header: ImageHeader } | { ok: false; why: string }> {
  const reading = readImageHeader(bytes);
  if (!reading.ok) return { ok: false, why: `${what} is not an image Parlor can read: ${reading.why}` };
  const tooLarge = tooManyPixels(reading.header);
  if (tooLarge) return { ok: false, why: `${what} is refused: ${tooLarge}` };
  const complete = await checkComplete(bytes, reading.header);
  if (!complete.ok) return { ok: false, why: `${what} is not an image Parlor can read: ${complete.why}` };
  return reading;
}
