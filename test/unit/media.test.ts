/** The core's image pieces: finding files by name, knowing an image, fitting it to a provider, who cannot play. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cannotTake } from '../../electron/engine/capabilities/images/cannot-play';
import { decodeImage, newCanvas } from '../../electron/engine/media/canvas';
import { fitImage } from '../../electron/engine/media/fit';
import { FolderIndex, nameSegments } from '../../electron/engine/capabilities/images/folders';
import { ANTHROPIC_IMAGE_LIMITS, OPENAI_IMAGE_LIMITS } from '../../electron/engine/players/image-limits';
import { placeholderPng } from '../../electron/engine/capabilities/images/placeholder';
import { sniffImage } from '../../electron/engine/media/sniff';
import { tinyBmp } from '../fixtures/picture-game/bmp';
import { solidPng } from '../fixtures/toy-game/png';
import { tempDir } from '../support/tmp';

function pngOf(width: number, height: number): Buffer {
  const canvas = newCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#3366cc';
  g.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

function touch(root: string, rel: string, bytes: Uint8Array = solidPng([1, 2, 3])): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), bytes);
}

describe('image names', () => {
  it('are path segments, for clembench resource paths and URLs alike', async () => {
    expect(nameSegments('../clembench/multimodal_referencegame/resources/clevr_images/1.jpg')).toEqual(['clembench', 'multimodal_referencegame', 'resources', 'clevr_images', '1.jpg']);
    expect(nameSegments('https://cs.stanford.edu/people/rak248/VG_100K_2/2407969.jpg')).toEqual(['people', 'rak248', 'VG_100K_2', '2407969.jpg']);
  });
});

describe("a user's image folder", () => {
  it('matches the file sharing the longest tail with the name, wherever the checkout keeps it', async () => {
    const root = tempDir();
    touch(root, 'clembench/multimodal_referencegame/resources/clevr_images/1.jpg');
    touch(root, 'clembench/multimodal_referencegame/resources/docci_images/1.jpg');
    touch(root, 'clembench/mm_mapworld/mm_mapworld_main/resources/ade_20k_reduced/ade_imgs/attic/ADE_train_00001899.jpg');
    touch(root, 'notes.txt');
    const index = new FolderIndex(root);
    expect(index.files).toBe(3);
    expect(index.find('../clembench/multimodal_referencegame/resources/docci_images/1.jpg')).toEqual({ ok: true, path: join(root, 'clembench/multimodal_referencegame/resources/docci_images/1.jpg') });
    // clembench's MapWorld instances say resources/images/…; the checkout sorts the photos by room.
    expect(index.find('../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_train_00001899.jpg')).toEqual({ ok: true, path: join(root, 'clembench/mm_mapworld/mm_mapworld_main/resources/ade_20k_reduced/ade_imgs/attic/ADE_train_00001899.jpg') });
  });

  it('refuses to guess between equally good files, and says what it did not find', async () => {
    const root = tempDir();
    touch(root, 'a/clevr_images/1.jpg');
    touch(root, 'b/clevr_images/1.jpg');
    const index = new FolderIndex(root);
    const ambiguous = index.find('x/clevr_images/1.jpg');
    expect(ambiguous.ok).toBe(false);
    expect(!ambiguous.ok && ambiguous.why).toMatch(/^2 files could be it \(a\/clevr_images\/1\.jpg, b\/clevr_images\/1\.jpg\)/);
    expect(index.find('x/clevr_images/2.jpg')).toEqual({ ok: false, why: 'no file named 2.jpg' });
  });
});

describe("a user's image folder, the edges", () => {
  it('says when the folder is not there, refuses a common file name found in no folder of the name, and follows linked folders once', () => {
    expect(new FolderIndex(join(tempDir(), 'nope')).find('a/1.jpg')).toEqual({ ok: false, why: 'folder not found' });
    const root = tempDir();
    touch(root, 'holiday/1.jpg');
    touch(root, 'photos/ADE_train_00000001.jpg');
    const index = new FolderIndex(root);
    const common = index.find('../clembench/resources/clevr_images/1.jpg');
    expect(common.ok).toBe(false);
    expect(!common.ok && common.why).toMatch(/too common a name to take on its own/);
    expect(index.find('../clembench/resources/images/ADE_train_00000001.jpg')).toEqual({ ok: true, path: join(root, 'photos/ADE_train_00000001.jpg') });
    const linked = tempDir();
    touch(linked, 'real/clevr_images/7.jpg');
    symlinkSync(join(linked, 'real'), join(linked, 'link'));
    symlinkSync(linked, join(linked, 'real', 'loop'));
    const viaLink = new FolderIndex(linked);
    expect(viaLink.files).toBe(1);
    // Found once, under whichever of the two paths the walk reached first.
    const found = viaLink.find('x/clevr_images/7.jpg');
    expect(found.ok && /\/(real|link)\/clevr_images\/7\.jpg$/.test(found.path)).toBe(true);
  });
});

describe('knowing an image by its bytes', () => {
  it('tells PNG, JPEG, GIF, WebP and BMP apart, and refuses other bytes', async () => {
    expect(sniffImage(solidPng([1, 2, 3]))).toBe('image/png');
    expect(sniffImage(newCanvas(4, 4).toBuffer('image/jpeg'))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(tinyBmp())).toBe('image/bmp');
    expect(sniffImage(Buffer.from('<html>not found</html>'))).toBeNull();
  });
});

describe('fitting an image to what a provider takes', () => {
  it('passes a PNG OpenAI takes unchanged', async () => {
    expect(await fitImage(solidPng([1, 2, 3]), 'image/png', OPENAI_IMAGE_LIMITS, 'x')).toEqual({ ok: true, changed: false });
  });

  it('converts a BMP, which no provider takes, to PNG of the same pixels', async () => {
    const fit = await fitImage(tinyBmp(), 'image/bmp', OPENAI_IMAGE_LIMITS, 'tiny.bmp');
    if (!fit.ok || !fit.changed) throw new Error('expected a conversion');
    expect(fit.mime).toBe('image/png');
    expect(sniffImage(fit.bytes)).toBe('image/png');
    expect((await decodeImage(fit.bytes, 'converted')).width).toBe(2);
    expect(fit.note).toBe('converted for OpenAI: image/bmp → image/png');
    // Deterministic: the same image converts to the same bytes.
    const again = await fitImage(tinyBmp(), 'image/bmp', OPENAI_IMAGE_LIMITS, 'tiny.bmp');
    expect(again.ok && again.changed && Buffer.from(again.bytes).equals(Buffer.from(fit.bytes))).toBe(true);
  });

  it("scales an image wider than Anthropic's 8000 px down to 8000, keeping its shape", async () => {
    const fit = await fitImage(pngOf(9000, 20), 'image/png', ANTHROPIC_IMAGE_LIMITS, 'wide.png');
    if (!fit.ok || !fit.changed) throw new Error('expected a conversion');
    const image = await decodeImage(fit.bytes, 'scaled');
    expect([image.width, image.height]).toEqual([8000, 17]);
    expect(fit.note).toBe('converted for Anthropic: 9000×20 → 8000×17');
  });

  it('brings an image over the byte limit under it, and refuses bytes that are no image with the reason', async () => {
    const limits = { ...OPENAI_IMAGE_LIMITS, maxBytes: 3000 };
    const noisy = newCanvas(200, 200);
    const g = noisy.getContext('2d');
    for (let i = 0; i < 2000; i++) {
      g.fillStyle = `rgb(${(i * 37) % 256},${(i * 91) % 256},${(i * 53) % 256})`;
      g.fillRect((i * 13) % 200, (i * 29) % 200, 5, 5);
    }
    const big = noisy.toBuffer('image/png');
    expect(big.byteLength).toBeGreaterThan(3000);
    const fit = await fitImage(big, 'image/png', limits, 'noisy.png');
    expect(fit.ok && fit.changed && fit.bytes.byteLength <= 3000).toBe(true);
    const broken = await fitImage(Buffer.from('not an image'), 'image/bmp', OPENAI_IMAGE_LIMITS, 'The image broken.bmp');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.why).toMatch(/^The image broken\.bmp is not an image Parlor can read.*; OpenAI takes image\/png, image\/jpeg, image\/webp, image\/gif$/);
  });
});

describe("Anthropic's byte limit", () => {
  it('counts the base64 text the request carries, not the raw bytes', async () => {
    // 4 000 raw bytes are 5 336 characters of base64: over a limit of 5 000 as Anthropic counts it, under it raw.
    const png = await (async () => {
      const canvas = newCanvas(120, 120);
      const g = canvas.getContext('2d');
      for (let i = 0; i < 900; i++) {
        g.fillStyle = `rgb(${(i * 41) % 256},${(i * 83) % 256},${(i * 29) % 256})`;
        g.fillRect((i * 7) % 120, (i * 13) % 120, 4, 4);
      }
      return canvas.toBuffer('image/png');
    })();
    const limit = Math.ceil(png.byteLength * 1.2);
    expect(await fitImage(png, 'image/png', { ...OPENAI_IMAGE_LIMITS, maxBytes: limit }, 'x')).toEqual({ ok: true, changed: false });
    const fit = await fitImage(png, 'image/png', { ...ANTHROPIC_IMAGE_LIMITS, maxBytes: limit }, 'x');
    expect(fit.ok && fit.changed && Math.ceil(fit.bytes.byteLength / 3) * 4 <= limit).toBe(true);
  });
});

describe('who cannot play a multimodal game', () => {
  const images = { perMessage: { describer: 3, follower: 3 } };
  it('is a model that takes fewer images per message than the game shows its role', async () => {
    expect(cannotTake('Reference (images)', images, { describer: { provider: 'openai', model: 'gpt-4o' }, follower: { provider: 'openai', model: 'gpt-4o', imageInput: 'many' } })).toBeNull();
    expect(cannotTake('Reference (images)', images, { describer: { provider: 'openai', model: 'phi-3-vision', imageInput: 'one' }, follower: { provider: 'openai', model: 'gpt-4o' } })).toBe(
      'cannot play: openai:phi-3-vision takes one image per message; Reference (images) shows the describer 3 images in one message',
    );
    expect(cannotTake('MatchIt (images)', { perMessage: { player_a: 1 } }, { player_a: { provider: 'openai', model: 'llama-3', imageInput: 'none' } })).toBe(
      'cannot play: openai:llama-3 takes no images; MatchIt (images) shows the player_a an image in one message',
    );
    // A game without the images capability shows none: every model can play it.
    expect(cannotTake('Text', undefined, { a: { provider: 'openai', model: 'x', imageInput: 'none' } })).toBeNull();
  });
});

describe('the stand-in card for an image nobody has', () => {
  it('is the same PNG for the same name', async () => {
    const card = placeholderPng('../clembench/x/resources/scene_images/12.jpg');
    expect(sniffImage(card)).toBe('image/png');
    expect(Buffer.from(card).equals(Buffer.from(placeholderPng('../clembench/x/resources/scene_images/12.jpg')))).toBe(true);
  });
});
