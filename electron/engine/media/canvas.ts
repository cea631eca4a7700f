/**
 * Drawing and decoding images: @napi-rs/canvas (Skia, prebuilt, no compiler) with one bundled font,
 * DejaVu Sans (matplotlib's default, which clembench's grid images were drawn with), registered from
 * its bytes so renders never depend on the machine's fonts: the same drawing gives the same PNG bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Canvas, Image } from '@napi-rs/canvas';
import { inspectImage } from './complete';

const require = createRequire(import.meta.url);
type CanvasModule = typeof import('@napi-rs/canvas');
let loaded: CanvasModule | null = null;

// The native module is loaded on first use: a text-only run never pays for it.
function skia(): CanvasModule {
  return (loaded ??= require('@napi-rs/canvas') as CanvasModule);
}

/** The family name drawings use; never a system font. */
export const FONT = 'ParlorDejaVuSans';

let registered = false;

function registerFont(): void {
  if (registered) return;
  const path = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  // From bytes, not a path: inside a packaged app the font sits in an archive only Node's fs can read.
  if (!skia().GlobalFonts.register(readFileSync(path), FONT)) throw new Error(`The bundled font ${path} could not be registered.`);
  registered = true;
}

/** A blank canvas with the bundled font available as `FONT`. */
export function newCanvas(width: number, height: number): Canvas {
  registerFont();
  return skia().createCanvas(width, height);
}

/**
 * Decodes image bytes (PNG, JPEG, GIF, WebP, BMP); rejects with a readable error when they are not an
 * image, are cut short, or hold more pixels than MAX_DECODE_PIXELS (checked from the header, before any
 * memory is taken for them).
 */
export async function decodeImage(bytes: Uint8Array, what: string): Promise<Image> {
  const inspected = await inspectImage(bytes, what);
  if (!inspected.ok) throw new Error(inspected.why);
  return decodeInspected(bytes, what);
}

/** Decodes bytes `inspectImage` has passed. */
export async function decodeInspected(bytes: Uint8Array, what: string): Promise<Image> {
  let image: Image;
  try {
    image = await skia().loadImage(Buffer.from(bytes));
  } catch (error) {
    throw new Error(`${what} is not an image Parlor can read: ${(error as Error).message}`);
  }
  if (!image.width || !image.height) throw new Error(`${what} is not an image Parlor can read (no width or height could be decoded).`);
  return image;
}
