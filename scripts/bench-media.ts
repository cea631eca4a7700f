/**
 * A 1,000-episode multimodal run (clembench's multimodal reference game, its six grid experiments,
 * rendered by Parlor; both players over the OpenAI SDK against the loopback mock, so every request is
 * stored as the runner stores it) and what it leaves in the SQLite file: each distinct image once.
 * Prints the file size, the images' share of it, and what storing every image with every request
 * that carried it would have cost. Usage: npm run bench:media [-- --episodes 1000]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mediaSha } from '../shared/contract/content';
import { executeRun } from '../electron/engine/runner/execute';
import { prepareRun } from '../electron/engine/runner/prepare';
import { Store } from '../electron/engine/store/store';
import { startMockProvider } from '../test/mock-provider/server';

const { values } = parseArgs({ options: { episodes: { type: 'string', default: '1000' } } });
const wanted = Number(values.episodes);
const GRIDS = ['line_grids_rows', 'line_grids_columns', 'diagonal_grids', 'letter_grids', 'shape_grids', 'random_grids'];
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-media-'));
const mock = await startMockProvider();
const store = Store.open(join(dir, 'parlor.db'));
try {
  const player = (role: string) => ({ provider: 'openai' as const, model: `mock-play:multimodal_referencegame:${role}`, baseUrl: mock.openaiBaseUrl });
  const repetitions = Math.ceil(wanted / (GRIDS.length * 30));
  const started = performance.now();
  const { runId } = await prepareRun(store, { game: 'multimodal_referencegame', dataset: { name: 'v1.6', experiments: GRIDS }, repetitions, concurrency: 32, seed: 1, preflight: false, players: { describer: player('describer'), follower: player('follower') } });
  const result = await executeRun(store, runId);
  const seconds = (performance.now() - started) / 1000;
  const episodes = store.episodes.list(runId);
  const media = store.media.totals();
  // What inline storage would hold: every image part of every stored request, with its bytes.
  let sent = 0;
  let inlineBytes = 0;
  for (const e of episodes) {
    for (const event of store.events.list(e.id)) {
      if (event.callId === null) continue;
      for (const ref of JSON.stringify(store.models.call(event.callId).request).match(/media:[0-9a-f]{64}/g) ?? []) {
        sent++;
        inlineBytes += Math.ceil((store.media.get(mediaSha(ref)).bytes.byteLength * 4) / 3);
      }
    }
  }
  store.close();
  const file = statSync(join(dir, 'parlor.db')).size + (statSync(join(dir, 'parlor.db-wal'), { throwIfNoEntry: false })?.size ?? 0);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(`multimodal reference game, grid experiments: ${episodes.length} episodes (${episodes.filter((e) => e.status === 'done').length} done, run ${result.status}) in ${seconds.toFixed(1)} s`);
  console.log(`images sent: ${sent} image parts; distinct images stored: ${media.blobs} (${mb(media.bytes)})`);
  console.log(`database file: ${mb(file)} — images are ${((media.bytes / file) * 100).toFixed(1)} % of it`);
  console.log(`each image with each request (base64, as the wire carries them): ${mb(inlineBytes)} — ${(inlineBytes / media.bytes).toFixed(0)}× the stored images`);
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
