/**
 * An image counts only when it is whole and of a size Parlor can decode: a truncated PNG or one whose
 * header claims 30000×30000 pixels is "missing" with the reason (`parlor images check`, a run's image
 * search), never stored; one stored cut short by an earlier version is refused before it is sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingImagesError } from '../../electron/engine/capabilities/images/check';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { COLOURS } from '../fixtures/toy-game/game';
import { solidPng } from '../fixtures/toy-game/png';
import { hugePng, truncatedPng } from '../fixtures/crafted-png';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';
import { registerFixtureGame } from '../support/fixture-games';

await registerFixtureGame('picture-game');

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

/** A folder of files under the names the games ask for. */
function folderWith(files: Record<string, Uint8Array>): string {
  const root = tempDir();
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  return root;
}

const CUT = 'is not an image Parlor can read: it is cut short or damaged: the file ends 1 byte into its IDAT chunk of 16';
const HUGE = 'is refused: it is 30000×30000 pixels (900 million), more than the 64 million Parlor decodes (it would take 3600 MB of memory): scale it down first';

describe('parlor images check', () => {
  it.each([['a truncated PNG', truncatedPng(), CUT], ['a PNG claiming 30000×30000 pixels', hugePng(), HUGE]])('names %s as missing with the reason, and stores nothing', async (_what, bytes, reason) => {
    // MatchIt's first photo, under each name a user's copy of Visual Genome may have.
    const folder = folderWith(Object.fromEntries(['VG_100K/2353739.jpg', 'VG_100K/2320192.jpg', 'VG_100K_2/2399311.jpg'].map((p) => [p, bytes])));
    const db = join(tempDir(), 'parlor.db');
    const t0 = Date.now();
    const checked = await parlor(db, ['images', 'check', '--game', 'matchit', '--experiments', 'same_image', '--limit', '1', '--images', folder]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('1 of 1 images are missing');
    expect(checked.stdout).toMatch(new RegExp(`VG_100K/2353739\\.jpg ${reason.replace(/[()×.]/g, '\\$&')}`));
    expect(Date.now() - t0).toBeLessThan(20_000);
    const store = Store.open(db);
    try {
      expect(store.media.named('https://cs.stanford.edu/people/rak248/VG_100K/2353739.jpg')).toBeNull();
    } finally {
      store.close();
    }
  }, 30_000);
});

describe("a run's images", () => {
  const viewer = { provider: 'openai', model: 'mock-play:pictures:viewer' };
  const config = (folder: string) => ({ game: 'pictures', dataset: { name: 'pairs' }, seed: 1, preflight: false, players: { viewer: { ...viewer, baseUrl: mock.openaiBaseUrl } }, images: { folders: [folder] } });

  it('refuses to start while a photo is cut short, saying why, and stores none of it', async () => {
    const store = tempStore();
    const folder = folderWith({ 'pictures/photos/green.png': truncatedPng(), 'pictures/photos/orange.png': solidPng(COLOURS.orange!.rgb) });
    const error = await prepareRun(store, config(folder)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingImagesError);
    expect((error as Error).message).toContain('1 of 4 images are missing');
    expect((error as Error).message).toContain(`tried ${join(folder, 'pictures/photos/green.png')} ${CUT}`);
    expect(store.media.named('../pictures/photos/green.png')).toBeNull();
    expect(store.media.named('../pictures/photos/orange.png')).not.toBeNull();
  });

  it('refuses to send an image an earlier version stored cut short: no episode, no call', async () => {
    const store = tempStore();
    store.media.putNamed('../pictures/photos/green.png', truncatedPng(), 'image/png', 'stored before images were checked whole');
    const folder = folderWith({ 'pictures/photos/orange.png': solidPng(COLOURS.orange!.rgb) });
    const before = mock.requests.length;
    const error = await prepareRun(store, config(folder)).catch((e: unknown) => e);
    expect((error as Error).message).toContain('The run was not started: an image cannot be sent as the providers take them.');
    expect((error as Error).message).toContain(`../pictures/photos/green.png for openai:mock-play:pictures:viewer: Not sent: The image ../pictures/photos/green.png ${CUT}.`);
    expect(store.runs.all()).toHaveLength(0);
    expect(mock.requests.length).toBe(before);
  });
});
