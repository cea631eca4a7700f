/**
 * Whether an image's bytes hold the whole image. The decoder reads pixels lazily and fills what a cut
 * file lacks with blank rows without a word, so a truncated download or copy would be stored and sent
 * as if it were the picture. Each format is walked to its end: PNG chunk by chunk with its pixel data
 * inflated (zlib's checksum catches corrupt data) to the size its header promises, JPEG to its end
 * marker, GIF block by block to its trailer, WebP and BMP to the length their headers give.
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

/** Inflates without keeping the output (its size is bounded by the pixel limit, not held in memory). */
function inflatedSize(parts: readonly Uint8Array[], enough: number): Promise<{ size: number; error: string | null }> {
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
      if (size >= enough) settle(null); // every row is there; trailing bytes change nothing
    });
    inflate.on('error', (error) => settle(error.message));
    inflate.on('end', () => settle(null));
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
  const { size, error } = await inflatedSize(data, expected);
  if (size >= expected) return OK;
  if (error) return cut(`its image data does not inflate (${error})`);
  return cut(`its image data holds ${size} of the ${expected} bytes its ${header.width}×${header.height} pixels need`);
}

function jpeg(bytes: Uint8Array): Completeness {
  let scan = -1;
  for (let i = 2; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xda) {
      scan = i;
      break;
    }
  }
  if (scan < 0) return cut('it has no image data (no SOS marker)');
  // Inside the image data every 0xFF is followed by 0x00 or a restart marker, so an FF D9 after the scan starts is its end.
  for (let i = bytes.length - 2; i > scan; i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return OK;
  return cut('the file ends before its end-of-image marker');
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
