/**
 * The completeness check walks each format's structure, not its first or last few bytes: a JPEG's
 * segments by their lengths (an EXIF thumbnail is a whole JPEG inside the file, end marker and all) and
 * a PNG's zlib stream to its end, where its Adler-32 checksum is checked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../electron/engine/media/canvas';
import { checkComplete } from '../../electron/engine/media/complete';
import { craftPng, scanlineBytes } from '../fixtures/crafted-png';
import { photoWithThumbnail, segment } from '../fixtures/crafted-jpeg';
import { chunk } from '../fixtures/toy-game/png';

const asJpeg = (bytes: Uint8Array) => checkComplete(bytes, { mime: 'image/jpeg', width: 8, height: 8 });
const CUT = { ok: false, why: expect.stringMatching(/^it is cut short or damaged: /) };
const FIXTURES = join(import.meta.dirname, '../fixtures/user-images');

describe('a JPEG is walked segment by segment to its end marker', () => {
  it('reads a photo with an EXIF thumbnail whole, and the decoder agrees', async () => {
    const { bytes } = photoWithThumbnail();
    expect(await asJpeg(bytes)).toEqual({ ok: true });
    expect((await decodeImage(bytes, 'The photo')).width).toBe(160);
  });

  it('refuses the photo cut in half inside its main image data, though its thumbnail is whole', async () => {
    const { bytes, mainScan } = photoWithThumbnail();
    const half = Math.floor(bytes.length / 2);
    expect(half).toBeGreaterThan(mainScan + 100);
    expect(await asJpeg(bytes.subarray(0, half))).toEqual({ ok: false, why: 'it is cut short or damaged: the file ends inside its image data, before its end-of-image marker' });
  });

  it('refuses the photo cut anywhere: in its thumbnail, its tables or its image data', async () => {
    const { bytes } = photoWithThumbnail();
    for (let keep = 2; keep < bytes.length; keep += 37) expect([keep, await asJpeg(bytes.subarray(0, keep))]).toEqual([keep, CUT]);
    expect(await asJpeg(bytes.subarray(0, 300))).toEqual({ ok: false, why: expect.stringMatching(/the file ends \d+ bytes into its APP1 segment of \d+$/) });
    expect(await asJpeg(bytes.subarray(0, -2))).toEqual(CUT);
  });

  it('reads the JPEGs the user-image fixtures hold whole', async () => {
    for (const name of ['VG_100K/2353739.jpg', 'VG_100K_2/2399311.jpg', 'mm_mapworld/resources/ade_imgs/shower/ADE_train_00016280.jpg']) {
      const bytes = readFileSync(join(FIXTURES, name));
      expect([name, await asJpeg(bytes)]).toEqual([name, { ok: true }]);
      expect([name, await asJpeg(bytes.subarray(0, -1))]).toEqual([name, CUT]);
    }
  });

  // Built marker by marker: the check reads structure only, so the tables need not hold real values.
  const SOI = Buffer.from([0xff, 0xd8]);
  const EOI = Buffer.from([0xff, 0xd9]);
  const tables = [segment(0xe0, Buffer.from('JFIF\0\x01\x02\0\0\x01\0\x01\0\0', 'latin1')), segment(0xdb, new Uint8Array(65)), segment(0xc2, new Uint8Array(15))];
  const scan = (data: number[]) => [segment(0xc4, new Uint8Array(20)), segment(0xda, new Uint8Array(10)), Buffer.from(data)];

  it('follows a progressive JPEG through every scan, past stuffed bytes, restart markers and fill, to its end marker', async () => {
    const whole = Buffer.concat([
      SOI,
      ...tables,
      segment(0xdd, Buffer.from([0, 4])),
      ...scan([1, 2, 0xff, 0x00, 3, 0xff, 0xd0, 4, 0xff, 0xd1, 0xff, 0x00]),
      ...scan([0xff, 0x00, 0xff, 0x00, 5, 0xff, 0xd7, 6, 0xff, 0xff]),
      segment(0xfe, Buffer.from('a comment: \xff\xd9 inside it is no end', 'latin1')),
      ...scan([7, 8, 9]),
      EOI,
    ]);
    expect(await asJpeg(whole)).toEqual({ ok: true });
    expect(await asJpeg(Buffer.concat([whole, Buffer.from('trailing bytes')]))).toEqual({ ok: true });
    for (let keep = 2; keep < whole.length; keep++) expect([keep, await asJpeg(whole.subarray(0, keep))]).toEqual([keep, CUT]);
  });

  it('refuses a JPEG whose only end marker is in a segment before its image data, or that has no image data', async () => {
    const thumbnailLike = segment(0xe1, Buffer.concat([SOI, ...scan([1, 2]), EOI]));
    expect(await asJpeg(Buffer.concat([SOI, thumbnailLike, ...tables, ...scan([1, 2, 3, 4])]))).toEqual({ ok: false, why: 'it is cut short or damaged: the file ends inside its image data, before its end-of-image marker' });
    expect(await asJpeg(Buffer.concat([SOI, thumbnailLike, ...tables]))).toEqual({ ok: false, why: 'it is cut short or damaged: the file ends before its image data (SOS)' });
    expect(await asJpeg(Buffer.concat([SOI, ...tables, EOI]))).toEqual({ ok: false, why: 'it is cut short or damaged: it has no image data (no SOS marker)' });
  });
});

describe("a PNG's pixel data is inflated to the end of its zlib stream", () => {
  const spec = { width: 300, height: 200 };
  const header = { mime: 'image/png' as const, ...spec };
  const noise = () => Uint8Array.from({ length: scanlineBytes(spec) }, (_, i) => (i * 7919) % 251);
  /** A PNG whose deflated pixel data is split over IDAT chunks, as encoders write them. */
  const withIdats = (...parts: Uint8Array[]) => Buffer.concat([craftPng(spec).subarray(0, 33), ...parts.map((part) => chunk('IDAT', part)), chunk('IEND', new Uint8Array())]);

  it('reads pixel data split over several IDAT chunks whole', async () => {
    const z = deflateSync(noise());
    expect(await checkComplete(withIdats(z.subarray(0, 8192), z.subarray(8192, -4), z.subarray(-4)), header)).toEqual({ ok: true });
  });

  it('refuses pixel data whose Adler-32 checksum is wrong, though every row inflates', async () => {
    const z = deflateSync(noise());
    z[z.length - 1] = z[z.length - 1]! ^ 0x01;
    // The checksum in its own IDAT chunk: the rows are all there before zlib reaches it.
    expect(await checkComplete(withIdats(z.subarray(0, -4), z.subarray(-4)), header)).toEqual({ ok: false, why: 'it is cut short or damaged: its image data does not inflate (incorrect data check)' });
    expect(await checkComplete(withIdats(z), header)).toEqual({ ok: false, why: 'it is cut short or damaged: its image data does not inflate (incorrect data check)' });
  });

  it('refuses pixel data whose zlib stream stops after the last row, before its checksum', async () => {
    const z = deflateSync(noise());
    expect(await checkComplete(withIdats(z.subarray(0, -4)), header)).toEqual({ ok: false, why: 'it is cut short or damaged: its image data does not inflate (unexpected end of file)' });
  });

  it('reads a few surplus bytes through to the checksum, and refuses data inflating to far more than the pixels need', async () => {
    const needed = scanlineBytes(spec);
    expect(await checkComplete(craftPng({ ...spec, raw: new Uint8Array(needed + 100) }), header)).toEqual({ ok: true });
    const bomb = craftPng({ ...spec, raw: new Uint8Array(needed + 64 * 2 ** 20) });
    expect(bomb.length).toBeLessThan(100_000);
    const t0 = Date.now();
    expect(await checkComplete(bomb, header)).toEqual({ ok: false, why: `it is cut short or damaged: its image data inflates to more than ${needed + 2 ** 20} bytes, far past the ${needed} its 300×200 pixels need` });
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
