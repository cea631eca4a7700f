/**
 * Writes the synthetic "user" images the multimodal tests play with (test/fixtures/user-images/): small
 * JPEGs named like the photos clembench's instances name (Visual Genome ids for MatchIt, ADE20K files for
 * MapWorld), laid out as a user's folder would be. Drawn here, not taken from those datasets.
 * Usage: npx tsx scripts/make-test-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FONT, newCanvas } from '../electron/engine/media/canvas';

const ROOT = join(import.meta.dirname, '../test/fixtures/user-images');
const IMAGES: [string, string, string][] = [
  ['VG_100K/2353739.jpg', '#2e7d32', 'park'],
  ['VG_100K_2/2399311.jpg', '#1565c0', 'harbour'],
  ['VG_100K/2320192.jpg', '#6d4c41', 'kitchen'],
  ['mm_mapworld/resources/ade_imgs/nursery/ADE_train_00013881.jpg', '#f9a825', 'nursery'],
  ['mm_mapworld/resources/ade_imgs/stable/ADE_train_00016739.jpg', '#8d6e63', 'stable'],
  ['mm_mapworld/resources/ade_imgs/shower/ADE_train_00016280.jpg', '#4fc3f7', 'shower'],
  ['mm_mapworld/resources/ade_imgs/wine_cellar/ADE_train_00020052.jpg', '#880e4f', 'wine cellar'],
];

for (const [rel, colour, label] of IMAGES) {
  const canvas = newCanvas(160, 120);
  const g = canvas.getContext('2d');
  g.fillStyle = colour;
  g.fillRect(0, 0, 160, 120);
  g.fillStyle = '#ffffff';
  g.font = `18px ${FONT}`;
  g.textAlign = 'center';
  g.fillText(label, 80, 66);
  mkdirSync(dirname(join(ROOT, rel)), { recursive: true });
  writeFileSync(join(ROOT, rel), canvas.toBuffer('image/jpeg', 85));
}
console.log(`wrote ${IMAGES.length} images under ${ROOT}`);
