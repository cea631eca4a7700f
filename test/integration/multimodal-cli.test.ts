/**
 * The multimodal clembench games from the command line, with a folder of the user's images (synthetic
 * fixtures named like the photos the instances name): MatchIt and MapWorld experiments play end to end
 * through the real OpenAI SDK against the loopback mock; with an image missing the run refuses to start
 * and names the file; the grid images are rendered by Parlor with the same bytes in every database.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSha } from '../../shared/contract/content';
import { allGames } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { imagesOf } from '../mock-provider/vision';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

const IMAGES = join(import.meta.dirname, '../fixtures/user-images');
const hasMapworld = allGames().some((g) => g.id === 'mm_mapworld');

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const wire = (game: string, role: string) => `mock-play:${game}:${role}`;

describe('multimodal clembench games from the CLI', () => {
  it('plays a MatchIt experiment with the images of a user folder, and refuses one whose image is missing, naming it', async () => {
    const db = join(tempDir(), 'parlor.db');
    const args = ['run', '--game', 'matchit', '--player-a', wire('matchit', 'player_a'), '--player-b', wire('matchit', 'player_b'), '--base-url', mock.openaiBaseUrl, '--no-preflight', '--images', IMAGES];
    const before = mock.requests.length;
    const played = await parlor(db, [...args, '--experiments', 'same_image', '--limit', '2']);
    expect(played.stderr).not.toMatch(/parlor: /);
    expect(played.code).toBe(0);
    const store = Store.open(db);
    try {
      const [run] = store.runs.all();
      const episodes = store.episodes.list(run!.id);
      expect(episodes.map((e) => [e.instance.tags.experiment, e.status])).toEqual([['same_image', 'done'], ['same_image', 'done']]);
      // Player A's first request carries its photo, as bytes equal to the user's file.
      const first = mock.requests.slice(before).find((r) => JSON.stringify(r.body).includes('collaborative guessing game'))!;
      const sent = imagesOf((first.body.messages as { content: unknown }[])[0]!.content);
      expect(sent).toHaveLength(1);
      const stored = store.media.named('https://cs.stanford.edu/people/rak248/VG_100K/2353739.jpg')!;
      expect(stored.source).toBe(join(IMAGES, 'VG_100K/2353739.jpg'));
      expect(createHash('sha256').update(sent[0]!).digest('hex')).toBe(stored.sha);
    } finally {
      store.close();
    }
    const refused = await parlor(db, [...args, '--experiments', 'similar_image', '--limit', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 of 2 images are missing (no episode was played)');
    expect(refused.stderr).toContain('https://cs.stanford.edu/people/rak248/VG_100K/2353588.jpg (similar_image)');
    expect(refused.stderr).toContain(`tried ${IMAGES}: no file named 2353588.jpg`);
    expect(refused.stderr).toContain('download: not allowed (--download-images)');
  }, 60_000);

  it.skipIf(!hasMapworld)('plays a MapWorld experiment with the room photos of a user folder sorted by room, as a clembench checkout sorts them', async () => {
    const db = join(tempDir(), 'parlor.db');
    const played = await parlor(db, ['run', '--game', 'mm_mapworld', '--explorer', wire('mm_mapworld', 'explorer'), '--base-url', mock.openaiBaseUrl, '--no-preflight', '--images', IMAGES, '--experiments', 'small', '--limit', '1']);
    expect(played.stderr).not.toMatch(/parlor: /);
    expect(played.code).toBe(0);
    const store = Store.open(db);
    try {
      const [episode] = store.episodes.list(store.runs.all()[0]!.id);
      expect(episode!.status).toBe('done');
      const shown = store.events.list(episode!.id).flatMap((e) => e.parts ?? []).filter((p) => p.type === 'image');
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((p) => p.type === 'image' && /ADE_train_000\d+\.jpg$/.test(p.name ?? ''))).toBe(true);
    } finally {
      store.close();
    }
  }, 60_000);

  it('renders the grid images: the same PNG bytes in two databases, sent as they are stored', async () => {
    const shas: string[] = [];
    for (const n of [1, 2]) {
      const db = join(tempDir(), `parlor-${n}.db`);
      const before = mock.requests.length;
      const run = await parlor(db, ['run', '--game', 'multimodal_referencegame', '--describer', wire('multimodal_referencegame', 'describer'), '--follower', wire('multimodal_referencegame', 'follower'), '--base-url', mock.openaiBaseUrl, '--no-preflight', '--experiments', 'line_grids_rows', '--limit', '1']);
      expect(run.code).toBe(0);
      const store = Store.open(db);
      try {
        const grid = store.media.named('../clembench/multimodal_referencegame/resources/grid_images/0.png')!;
        expect(grid.source).toMatch(/^rendered|grid/i);
        shas.push(grid.sha);
        const first = mock.requests.slice(before).find((r) => JSON.stringify(r.body).includes('referring expression'))!;
        const sent = imagesOf((first.body.messages as { content: unknown }[]).at(-1)!.content);
        expect(sent).toHaveLength(3);
        expect(sent[0]!.equals(store.media.get(mediaSha(`media:${grid.sha}`)).bytes)).toBe(true);
      } finally {
        store.close();
      }
    }
    expect(shas[0]).toBe(shas[1]);
  }, 60_000);

  it('checks the images of a choice of experiments without a run: all drawn for the grids, the photos missing with where it looked', async () => {
    const db = join(tempDir(), 'parlor.db');
    const grids = await parlor(db, ['images', 'check', '--game', 'multimodal_referencegame', '--experiments', 'line_grids_rows']);
    expect(grids.code).toBe(0);
    expect(grids.stdout).toMatch(/^all \d+ images found and stored \(line_grids_rows\)\n$/);
    const photos = await parlor(db, ['images', 'check', '--game', 'matchit', '--experiments', 'same_image', '--images', IMAGES]);
    expect(photos.code).toBe(1);
    expect(photos.stdout).toContain('8 of 10 images are missing');
    expect(photos.stdout).toContain('found 2 of 10; experiments complete: none');
    // As a run with --limit 1 would: only the first instance, whose photo is in the folder.
    const first = await parlor(db, ['images', 'check', '--game', 'matchit', '--experiments', 'same_image', '--limit', '1', '--images', IMAGES]);
    expect([first.code, first.stdout]).toEqual([0, 'the 1 image found and stored (same_image)\n']);
    const json = JSON.parse((await parlor(db, ['images', 'check', '--game', 'matchit', '--experiments', 'same_image', '--images', IMAGES, '--json'])).stdout) as { needed: number; found: number; missing: { name: string; looked: string[] }[] };
    expect([json.needed, json.found, json.missing.length]).toEqual([10, 2, 8]);
    expect(json.missing[0]!.looked.at(-1)).toBe('download: not allowed (--download-images)');
  }, 60_000);
});
