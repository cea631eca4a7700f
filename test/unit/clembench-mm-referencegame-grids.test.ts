import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage, newCanvas } from '../../electron/engine/media/canvas';
import { datasetsRoot } from '../../electron/engine/core/datasets';
import { renderGrid } from '../../electron/engine/games/multimodal_referencegame/grid-image';
import { bundledGrids, GRID_FIELDS, gridImageNumber, gridOfImage } from '../../electron/engine/games/multimodal_referencegame/grids';
import { gridImageMaker } from '../../electron/engine/games/multimodal_referencegame/images';
import { multimodalReferenceGame as game } from '../../electron/engine/games/multimodal_referencegame/game';
import type { MmRefPayload } from '../../electron/engine/games/multimodal_referencegame/payload';
import { GRID_EXPERIMENTS } from '../../electron/engine/games/multimodal_referencegame/counterpart';
import { referenceGame } from '../../electron/engine/games/referencegame/game';
import type { RefPayload } from '../../electron/engine/games/referencegame/payload';
import { rowOf } from './clembench-mm-referencegame.driver';
import { provided } from '../support/provisions';

type Ascii = { experiments: { name: string; game_instances: Record<string, unknown>[] }[] };
const ascii = JSON.parse(readFileSync(resolve(datasetsRoot(), 'clembench/multimodal_referencegame/ascii_game_instances.json'), 'utf8')) as Ascii;
const mm = game.datasets.load({ name: 'v1.6' });
const text = referenceGame.datasets.load({ name: 'v1.6' });
const IMAGE_FIELDS = ['player_1_first_image', 'player_1_second_image', 'player_1_third_image', 'player_2_first_image', 'player_2_second_image', 'player_2_third_image'] as const;

/** The grey level (red channel) of every pixel of a PNG. */
async function pixels(png: Uint8Array): Promise<{ width: number; height: number; at: (x: number, y: number) => number }> {
  const image = await decodeImage(png, 'grid');
  const canvas = newCanvas(image.width, image.height);
  const g = canvas.getContext('2d');
  g.drawImage(image, 0, 0);
  const data = g.getImageData(0, 0, image.width, image.height).data;
  return { width: image.width, height: image.height, at: (x, y) => data[(y * image.width + x) * 4]! };
}

describe("clembench's grid image numbers", () => {
  it('the process_grid walk over ascii_game_instances.json names every grid image of the 180 grid instances', () => {
    // The walk of clembench's instancegenerator.py, written out here independently of grids.ts.
    const seen = new Map<string, number>();
    let checked = 0;
    for (const exp of ascii.experiments) {
      exp.game_instances.forEach((instance, i) => {
        const row = mm.instances.find((x) => x.key === `${exp.name}/${String(instance.game_id)}`)!;
        const p = row.payload as MmRefPayload;
        GRID_FIELDS.forEach((field, k) => {
          const grid = instance[field] as string;
          if (!seen.has(grid)) seen.set(grid, seen.size);
          expect(p[IMAGE_FIELDS[k]!]).toBe(`../clembench/multimodal_referencegame/resources/grid_images/${seen.get(grid)}.png`);
          expect(gridOfImage(p[IMAGE_FIELDS[k]!])).toBe(grid);
          checked++;
        });
        expect(p.target_image_name).toEqual(instance.target_grid_name);
        expect(i).toBe(instance.game_id);
      });
    }
    expect(checked).toBe(180 * 6);
    expect(bundledGrids()).toHaveLength(60);
    expect(mm.instances.filter((i) => (GRID_EXPERIMENTS as readonly string[]).includes(i.tags.experiment!))).toHaveLength(180);
  });

  it('reads the number from any prefix and nothing else', () => {
    expect(gridImageNumber('games/multimodal_referencegame/resources/grid_images/17.png')).toBe(17);
    expect(gridImageNumber('C:\\clembench\\multimodal_referencegame\\resources\\grid_images\\3.png')).toBe(3);
    expect(gridImageNumber('../clembench/multimodal_referencegame/resources/scene_images/3.jpg')).toBeNull();
    expect(gridImageNumber('grid_images/3.png')).toBeNull();
    expect(gridOfImage('games/multimodal_referencegame/resources/grid_images/60.png')).toBeNull();
    expect(gridImageMaker.make('../clembench/multimodal_referencegame/resources/pentomino_images/1.jpg')).toBeNull();
  });
});

describe('the text counterpart of the grid experiments', () => {
  it('is the text game\'s v1.6 instance with the same experiment, game id, grids and target position; none for photos and pentominoes', () => {
    for (const input of mm.instances) {
      const key = provided(game, 'counterpart').key(rowOf(input));
      if (!(GRID_EXPERIMENTS as readonly string[]).includes(input.tags.experiment!)) {
        expect([input.key, key]).toEqual([input.key, null]);
        continue;
      }
      expect(key).toBe(input.key);
      const twin = text.instances.find((i) => i.key === key)!;
      const [p, t] = [input.payload as MmRefPayload, twin.payload as RefPayload];
      const textGrids = [t.player_1_target_grid, t.player_1_second_grid, t.player_1_third_grid, t.player_2_first_grid, t.player_2_second_grid, t.player_2_third_grid];
      expect(IMAGE_FIELDS.map((f) => gridOfImage(p[f]))).toEqual(textGrids);
      expect(twin.tags).toEqual(input.tags);
    }
    expect(provided(game, 'counterpart').game).toBe('referencegame');
  });
});

describe('grid images as plot_grid drew them', () => {
  const grid0 = bundledGrids()[0]!;

  it('renders the same grid to the same bytes, a PNG of 640×480; grid 0 has a recorded digest', () => {
    const [a, b] = [renderGrid(grid0), renderGrid(grid0)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    // The digest of @napi-rs/canvas 1.0.11 (pinned in package.json): another Skia may draw other bytes, which this catches.
    expect(createHash('sha256').update(a).digest('hex')).toBe('3aa8d66046bb41674b2c58d3d8ebf9a62a45bd99d46775a311c57eca5dbb702e');
    const made = gridImageMaker.make('games/multimodal_referencegame/resources/grid_images/0.png')!;
    expect(made.mime).toBe('image/png');
    expect(Buffer.from(made.bytes).equals(Buffer.from(a))).toBe(true);
    expect(grid0).toBe('X X X X X\n▢ ▢ ▢ ▢ ▢\n▢ ▢ ▢ ▢ ▢\n▢ ▢ ▢ ▢ ▢\n▢ ▢ ▢ ▢ ▢');
  });

  it('puts the frame and the cell edges on the pixels of clembench\'s grid_images/0.png', async () => {
    const img = await pixels(renderGrid(grid0));
    expect([img.width, img.height]).toEqual([640, 480]);
    const dark = (values: number[]) => values.flatMap((v, i) => (v < 128 ? [i] : []));
    // Measured on clembench's 0.png: spines at x 80/576 and y 58/427, cell edges 90.2 × 67.2 px apart.
    expect(dark(Array.from({ length: 640 }, (_, x) => img.at(x, 200)))).toEqual([80, 103, 193, 283, 373, 463, 553, 576]);
    expect(dark(Array.from({ length: 480 }, (_, y) => img.at(300, y)))).toEqual([58, 74, 142, 209, 276, 343, 410, 427]);
    // Anti-aliased neighbours of a 1 pt edge, as Agg leaves them (205 there).
    expect(img.at(102, 200)).toBeGreaterThan(195);
    expect(img.at(102, 200)).toBeLessThan(215);
    expect(img.at(238, 175)).toBe(255); // an empty cell's centre
    expect(img.at(20, 20)).toBe(255); // outside the axes
  });

  it('centres each character in its cell within a pixel of clembench\'s render', async () => {
    const img = await pixels(renderGrid(grid0));
    // clembench's 0.png: the X of cell (0, 0) covers x 142–152, y 100–112; cell (1, 0)'s x 233–243.
    const box = (x0: number, x1: number) => {
      const hits: [number, number][] = [];
      for (let y = 80; y < 135; y++) for (let x = x0; x < x1; x++) if (img.at(x, y) < 200) hits.push([x, y]);
      const xs = hits.map((h) => h[0]);
      const ys = hits.map((h) => h[1]);
      return [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    };
    const near = (got: number[], want: number[]) => got.forEach((g, i) => expect(Math.abs(g - want[i]!)).toBeLessThanOrEqual(1));
    near(box(110, 185), [142, 152, 100, 112]);
    near(box(200, 275), [233, 243, 100, 112]);
    // The second row has no characters.
    expect(box(110, 185)[3]).toBeLessThan(141);
  });

  it('fits the view to the cells of any grid shape', async () => {
    const img = await pixels(renderGrid('X ▢\n▢ X\nX X'));
    const dark = (values: number[]) => values.flatMap((v, i) => (v < 128 ? [i] : []));
    // 2 columns over 496 px with 5 % margins: edges at 80 + 496 × (0.1 + k) / 2.2.
    expect(dark(Array.from({ length: 640 }, (_, x) => img.at(x, 100))).filter((x) => x > 85 && x < 570)).toEqual([103, 328, 553]);
  });
});
