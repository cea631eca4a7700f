/**
 * A multimodal game's images through the core: found before the run (media store, the game's maker, the
 * user's folder, a download), refused with every missing file named, sent as image parts through the
 * real OpenAI and Anthropic SDKs, converted where a provider would refuse them, kept once by content,
 * and a model that takes fewer images than the game shows marked "cannot play".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSha } from '../../shared/contract/content';
import { MissingImagesError } from '../../electron/engine/capabilities/images/check';
import { findImages } from '../../electron/engine/capabilities/images/resolve';
import { estimateRun } from '../../electron/engine/runner/estimate';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { pictureGame } from '../fixtures/picture-game/game';
import { COLOURS } from '../fixtures/toy-game/game';
import { solidPng } from '../fixtures/toy-game/png';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { imagesOf } from '../mock-provider/vision';
import { tempDir, tempStore } from '../support/tmp';
import { unzipSync } from 'fflate';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { episodeBundle } from '../../electron/engine/api/episode-bundle';
import { tinyBmp } from '../fixtures/picture-game/bmp';
import { registerFixtureGame } from '../support/fixture-games';
import { provided } from '../support/provisions';

await registerFixtureGame('picture-game');

let mock: MockProvider;
let web: Server;
let webUrl = '';
beforeAll(async () => {
  mock = await startMockProvider();
  web = createServer((req, res) => {
    if (req.url === '/VG_100K/1.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng([9, 9, 9]));
    if (req.url === '/VG_100K/html.png') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>moved</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => web.listen(0, '127.0.0.1', done));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise((done) => web.close(done));
});

/** A user's folder with the photos the game names, laid out a little differently (as a real checkout would be). */
function photoFolder(colours: string[] = ['green', 'orange'], bmp = false): string {
  const root = tempDir();
  mkdirSync(join(root, 'resources', 'pictures', 'photos'), { recursive: true });
  for (const colour of colours) writeFileSync(join(root, 'resources', 'pictures', 'photos', `${colour}.png`), bmp && colour === 'orange' ? tinyBmp() : solidPng(COLOURS[colour]!.rgb));
  return root;
}

const viewer = (provider: 'openai' | 'anthropic', extra: Record<string, unknown> = {}) => ({ provider, model: 'mock-play:pictures:viewer', baseUrl: provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl, ...extra });

async function run(store: Store, config: Record<string, unknown>) {
  const prepared = await prepareRun(store, { game: 'pictures', dataset: { name: 'pairs' }, seed: 1, preflight: false, players: { viewer: viewer('openai') }, ...config });
  await executeRun(store, prepared.runId);
  return prepared;
}

describe('finding the images a game names', () => {
  it('looks in the media store, the maker, the folders, then the network, and says where it looked', async () => {
    const store = tempStore();
    const folder = photoFolder(['green']);
    const search = await findImages(store, ['../pictures/drawn/red.png', '../pictures/photos/green.png', '../pictures/photos/orange.png', `${webUrl}/VG_100K/1.png`, `${webUrl}/VG_100K/html.png`, `${webUrl}/VG_100K/gone.png`], { folders: [folder], download: true }, provided(pictureGame, 'images').makers);
    expect([...search.found.entries()].map(([name, f]) => [name, f.source])).toEqual([
      ['../pictures/drawn/red.png', 'drawn by the test game'],
      ['../pictures/photos/green.png', join(folder, 'resources/pictures/photos/green.png')],
      [`${webUrl}/VG_100K/1.png`, `${webUrl}/VG_100K/1.png`],
    ]);
    expect(search.missing.map((m) => [m.name, m.looked])).toEqual([
      ['../pictures/photos/orange.png', ['the media store: not found before', 'drawn by the test game: not one of its images', `${folder}: no file named orange.png`, 'download: the name is not a URL']],
      [`${webUrl}/VG_100K/html.png`, ['the media store: not found before', 'drawn by the test game: not one of its images', `${folder}: no file named html.png`, 'download: download is not an image (text/html)']],
      [`${webUrl}/VG_100K/gone.png`, ['the media store: not found before', 'drawn by the test game: not one of its images', `${folder}: no file named gone.png`, 'download: download failed (HTTP 404)']],
    ]);
    // Found once, kept by name: the store answers first from now on, whatever the folders hold later.
    const again = await findImages(store, ['../pictures/photos/green.png'], { folders: [], download: false });
    expect(again.found.get('../pictures/photos/green.png')?.sha).toBe(search.found.get('../pictures/photos/green.png')?.sha);
  });
});

describe('a run of a multimodal game', () => {
  it('refuses to start while an image is missing, naming the file, where it looked, and what can run', async () => {
    const store = tempStore();
    const error = await prepareRun(store, { game: 'pictures', dataset: { name: 'pairs' }, preflight: false, players: { viewer: viewer('openai') }, images: { folders: [photoFolder(['green'])] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingImagesError);
    const message = (error as Error).message;
    expect(message).toContain('The run was not started: 1 of 4 images are missing (no episode was played).');
    expect(message).toContain('  - ../pictures/photos/orange.png (photos)');
    expect(message).toContain('tried drawn by the test game: not one of its images');
    expect(message).toMatch(/tried .*: no file named orange\.png/);
    expect(message).toContain('The photos come from your folder');
    expect(message).toContain('These experiments have all their images and can run now: drawn (--experiments drawn, or --skip-missing-images).');
    expect(store.runs.all()).toHaveLength(0);
  });

  it('plays the experiments that have all their images when told to skip the others', async () => {
    const store = tempStore();
    const prepared = await run(store, { images: { folders: [photoFolder(['green'])], missing: 'skip' } });
    expect(prepared.warnings.map((w) => w.message)).toEqual(['left out for missing images: photos']);
    expect(store.episodes.list(prepared.runId).map((e) => [e.instance.key, e.status])).toEqual([['drawn-0', 'done'], ['drawn-1', 'done']]);
    // The stored config names what was played, so a replay or a resume plays the same experiments.
    expect((store.runs.get(prepared.runId).config as { dataset: { experiments?: string[] } }).dataset.experiments).toEqual(['drawn']);
  });

  for (const provider of ['openai', 'anthropic'] as const) {
    it(`sends the images as ${provider} image parts whose bytes are the stored media, and keeps each image once`, async () => {
      const store = tempStore();
      const before = mock.requests.length;
      const prepared = await run(store, { players: { viewer: viewer(provider) }, repetitions: 3, images: { folders: [photoFolder()] } });
      const episodes = store.episodes.list(prepared.runId);
      expect(episodes.map((e) => e.status)).toEqual(Array(12).fill('done'));
      const sent = mock.requests.slice(before).filter((r) => JSON.stringify(r.body).includes('same colour'));
      expect(sent).toHaveLength(12);
      const message = (sent[0]!.body.messages as { content: unknown }[])[0]!.content as Record<string, unknown>[];
      if (provider === 'openai') {
        expect(message.map((p) => p.type)).toEqual(['text', 'image_url', 'image_url']);
        expect(String((message[1]!.image_url as { url: string }).url)).toMatch(/^data:image\/png;base64,/);
      } else {
        expect(message.map((p) => p.type)).toEqual(['text', 'image', 'image']);
        expect(message[1]!.source).toMatchObject({ type: 'base64', media_type: 'image/png' });
      }
      // The bytes on the wire are the stored bytes of the images the prompt event names.
      const first = episodes.find((e) => e.instance.key === 'drawn-0')!;
      const prompt = store.events.list(first.id).find((e) => e.kind === 'prompt')!;
      const refs = prompt.parts!.flatMap((p) => (p.type === 'image' ? [p] : []));
      expect(refs.map((p) => p.name)).toEqual(['../pictures/drawn/red.png', '../pictures/drawn/red.png']);
      const wire = sent.find((r) => JSON.stringify(r.body).includes(imagesOf(message)[0]!.toString('base64').slice(0, 40)))!;
      expect(imagesOf((wire.body.messages as { content: unknown }[])[0]!.content)[0]!.equals(store.media.get(mediaSha(refs[0]!.ref)).bytes)).toBe(true);
      // Four distinct images (red, blue, green, orange) → four blobs, however many episodes and repetitions.
      expect(store.media.totals().blobs).toBe(4);
    });
  }

  it('converts an image the provider would refuse (a BMP) before the call and stores what was sent', async () => {
    const store = tempStore();
    const before = mock.requests.length;
    const prepared = await run(store, { images: { folders: [photoFolder(['green', 'orange'], true)] } });
    const odd = store.episodes.list(prepared.runId).find((e) => e.instance.key === 'photos-3')!;
    expect(odd.status).toBe('done');
    const call = store.models.call(store.events.list(odd.id).find((e) => e.kind === 'response')!.callId!);
    const sentRefs = JSON.stringify(call.request).match(/media:[0-9a-f]{64}/g)!;
    const blobs = sentRefs.map((ref) => store.media.get(mediaSha(ref)));
    expect(blobs.map((b) => b.mime)).toEqual(['image/png', 'image/png']);
    const bmpRef = store.media.named('../pictures/photos/orange.png')!;
    expect(bmpRef.mime).toBe('image/bmp');
    expect(sentRefs).not.toContain(`media:${bmpRef.sha}`);
    const wire = mock.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(wire.some((body) => body.includes('data:image/bmp'))).toBe(false);
  });

  it('exports an episode with its images: the zip holds each image once, named after the file, and a transcript linking them', async () => {
    const store = tempStore();
    const prepared = await run(store, { images: { folders: [photoFolder()] } });
    const episode = store.episodes.list(prepared.runId).find((e) => e.instance.key === 'photos-3')!;
    const file = episodeBundle(store, episode.id);
    expect([file.filename, file.mime, file.encoding]).toEqual([`episode-${episode.id}.zip`, 'application/zip', 'base64']);
    const files = unzipSync(Buffer.from(file.content, 'base64'));
    const dir = `episode-${episode.id}/`;
    expect(Object.keys(files).sort()).toEqual([`${dir}episode.json`, `${dir}images.csv`, `${dir}images/001-green.png`, `${dir}images/002-orange.png`, `${dir}transcript.md`]);
    expect(Buffer.from(files[`${dir}images/001-green.png`]!).equals(solidPng(COLOURS.green!.rgb))).toBe(true);
    const md = new TextDecoder().decode(files[`${dir}transcript.md`]);
    expect(md).toContain('![../pictures/photos/green.png](images/001-green.png)');
    expect(new TextDecoder().decode(files[`${dir}images.csv`]).split('\r\n')[0]).toBe('ref,file,name,mime,bytes');
    // The same episode gives the same zip.
    expect(episodeBundle(store, episode.id).content).toBe(file.content);
  });

  it('checks the images of a choice of data through the API, as the run form does', async () => {
    const store = tempStore();
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const reply = await service.registry.dispatch('images.check', { game: 'pictures', dataset: { name: 'pairs' }, images: { folders: [photoFolder(['orange'])], download: false, missing: 'refuse' } });
    expect(reply.ok).toBe(true);
    const check = reply.ok ? (reply.result as { needed: number; found: number; complete: string[]; incomplete: string[]; missing: { name: string }[]; hint: string | null }) : null;
    expect(check).toMatchObject({ needed: 4, found: 3, complete: ['drawn'], incomplete: ['photos'], hint: 'The photos come from your folder: --images <folder with pictures/photos/…>.' });
    expect(check!.missing.map((m) => m.name)).toEqual(['../pictures/photos/green.png']);
  });

  it('marks a model that takes one image per message "cannot play": a run with no episode and no call', async () => {
    const store = tempStore();
    const before = mock.requests.length;
    const prepared = await run(store, { players: { viewer: viewer('openai', { imageInput: 'one' }) } });
    expect(prepared.warnings.map((w) => w.message)).toEqual(['cannot play: openai:mock-play:pictures:viewer takes one image per message; Pictures shows the viewer 2 images in one message']);
    expect(store.episodes.list(prepared.runId)).toHaveLength(0);
    expect(store.runs.get(prepared.runId).seats.map((s) => s.role)).toEqual(['viewer']);
    expect(mock.requests.length).toBe(before);
    // The estimate says so before: no episode, no call, no cost.
    expect(estimateRun(store, { game: 'pictures', dataset: { name: 'pairs' }, players: { viewer: viewer('openai', { imageInput: 'one' }) } })).toMatchObject({ episodes: 0, calls: 0 });
  });
});
