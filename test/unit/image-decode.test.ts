/**
 * An image counts only when it decodes whole: a file cut short (whose header still parses) is refused
 * with the reason, and an image whose header claims more pixels than Parlor decodes is refused from the
 * header alone, before any memory is taken for its pixels.
 */
import { describe, expect, it } from 'vitest';
import { decodeImage, newCanvas } from '../../electron/engine/media/canvas';
import { fitImage } from '../../electron/engine/media/fit';
import { MAX_DECODE_PIXELS, readImageHeader } from '../../electron/engine/media/image-header';
import { ANTHROPIC_IMAGE_LIMITS } from '../../electron/engine/players/image-limits';
import { craftPng, hugePng, scanlineBytes, truncatedPng } from '../fixtures/crafted-png';
import { tinyBmp } from '../fixtures/picture-game/bmp';

const refusal = (bytes: Uint8Array) => decodeImage(bytes, 'The image x.png').then(() => 'decoded', (e: Error) => e.message);

describe('an image must decode whole to count', () => {
  it('refuses the truncated 42-byte PNG whose header parses', async () => {
    const bytes = truncatedPng();
    expect(bytes.length).toBe(42);
    expect(readImageHeader(bytes)).toEqual({ ok: true, header: { mime: 'image/png', width: 16, height: 16 } });
    expect(await refusal(bytes)).toBe('The image x.png is not an image Parlor can read: it is cut short or damaged: the file ends 1 byte into its IDAT chunk of 16');
  });

  it('refuses a PNG whose chunks are whole but whose pixel data stops early', async () => {
    const spec = { width: 20, height: 10 };
    const short = craftPng({ ...spec, raw: new Uint8Array(scanlineBytes(spec) - 61 * 4) });
    expect(await refusal(short)).toBe(`The image x.png is not an image Parlor can read: it is cut short or damaged: its image data holds ${scanlineBytes(spec) - 244} of the ${scanlineBytes(spec)} bytes its 20×10 pixels need`);
  });

  it('refuses a PNG whose pixel data is corrupt (zlib checksum)', async () => {
    const png = craftPng({ width: 8, height: 8 });
    const idat = png.indexOf('IDAT') + 4;
    png[idat + 6] = png[idat + 6]! ^ 0xff;
    expect(await refusal(png)).toMatch(/cut short or damaged: its image data does not inflate \(/);
  });

  it('reads every PNG layout whole: interlaced, 16-bit, palette, grey of 1 bit, with alpha', async () => {
    for (const spec of [
      { width: 13, height: 11, interlaced: true },
      { width: 9, height: 5, bitDepth: 16, colorType: 6 },
      { width: 7, height: 7, colorType: 3, bitDepth: 4, interlaced: true },
      { width: 17, height: 3, colorType: 0, bitDepth: 1 },
      { width: 3, height: 9, colorType: 4 },
    ]) {
      expect(await refusal(craftPng(spec))).toBe('decoded');
      expect(await refusal(craftPng(spec).subarray(0, -20))).toMatch(/cut short/);
    }
  });

  it('reads whole JPEG, GIF, WebP and BMP images and refuses each cut short', async () => {
    const canvas = newCanvas(37, 23);
    const g = canvas.getContext('2d');
    g.fillStyle = '#c03';
    g.fillRect(2, 2, 20, 15);
    const images = { jpeg: canvas.toBuffer('image/jpeg', 90), gif: canvas.toBuffer('image/gif'), webp: canvas.toBuffer('image/webp', 90), lossless: canvas.toBuffer('image/webp', 100), bmp: tinyBmp() };
    for (const [format, bytes] of Object.entries(images)) {
      expect([format, await refusal(bytes)]).toEqual([format, 'decoded']);
      for (const keep of [0.5, 0.95]) {
        expect([format, keep, await refusal(bytes.subarray(0, Math.floor(bytes.length * keep)))]).toEqual([format, keep, expect.stringMatching(/^The image x\.png is not an image Parlor can read: .*cut short/)]);
      }
    }
  });
});

describe('decoding memory is bounded', () => {
  it('refuses a PNG claiming 30000×30000 pixels from its header, naming the size and the limit, without taking its memory', async () => {
    const bytes = hugePng();
    expect(bytes.length).toBeLessThan(1000);
    const before = process.memoryUsage().rss;
    const t0 = Date.now();
    const message = `The image x.png is refused: it is 30000×30000 pixels (900 million), more than the ${MAX_DECODE_PIXELS / 1e6} million Parlor decodes (it would take 3600 MB of memory): scale it down first`;
    expect(await refusal(bytes)).toBe(message);
    // Converting for a provider (Anthropic scales images over 8000 px a side) is refused the same way instead of scaling 3.6 GB.
    expect(await fitImage(bytes, 'image/png', ANTHROPIC_IMAGE_LIMITS, 'The image x.png')).toEqual({ ok: false, why: expect.stringContaining('30000×30000 pixels (900 million)') });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('draws the line at the limit: 8000×8000 is decoded (this one is refused only for its missing data), 8001×8000 is not', async () => {
    expect(8000 * 8000).toBeLessThanOrEqual(MAX_DECODE_PIXELS);
    expect(await refusal(craftPng({ width: 8000, height: 8000, raw: new Uint8Array(1) }))).toMatch(/cut short or damaged: its image data holds 1 of/);
    expect(await refusal(craftPng({ width: 8001, height: 8000, raw: new Uint8Array(1) }))).toMatch(/is refused: it is 8001×8000 pixels \(64 million\), more than the 64 million Parlor decodes/);
  });
});
