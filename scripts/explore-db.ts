/**
 * Builds a realistic Parlor database for the explore views: many guesser models × two judges × both
 * EDA datasets × every split × 5 repetitions, with topic-dependent skill, realistic questions and
 * answers (two events per turn), scores, and the sums the triggers keep.
 * Used by `npm run bench:explore` (10 million turns) and by the explore e2e test (a small one).
 * Usage: tsx scripts/explore-db.ts <file.db> [--players 60] [--judges 2]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ModelConfigSchema, modelLabel } from '../shared/contract/models';
import { seededRandom } from '../electron/engine/core/seeds';
import { edaGame } from '../electron/engine/games/eda/game';
import { SPLITS } from '../electron/engine/games/eda/datasets';
import { Store } from '../electron/engine/store/store';

const QUESTIONS = [
  'Is it a living thing?', 'Is it man-made?', 'Is it used for entertainment?', 'Is it an animal?', 'Is it electronic?',
  'Can it be held in one hand?', 'Is it found indoors?', 'Is it edible?', 'Is it bigger than a car?', 'Is it made of metal?',
  'Is it used in the kitchen?', 'Is it a tool?', 'Is it a vehicle?', 'Is it a plant?', 'Is it associated with sports?',
  'Is the person alive?', 'Is the person male?', 'Is the person an actor?', 'Is the person from Europe?', 'Is the person a musician?',
];
const ANSWERS: [string, string][] = [['Yes.', 'yes'], ['No.', 'no'], ['No.', 'no'], ['Maybe.', 'maybe']];

export interface GeneratedDb {
  players: number;
  runs: number;
  episodes: number;
  turns: number;
}

export function generateExploreDb(path: string, options: { players: number; judges: number; repetitions?: number; splits?: ('train' | 'dev' | 'test')[] }): GeneratedDb {
  const random = seededRandom(20231021);
  const store = Store.open(path);
  const repetitions = options.repetitions ?? 5;
  const judges = Array.from({ length: options.judges }, (_, j) => ModelConfigSchema.parse({ provider: 'openai', model: j === 0 ? 'gpt-3.5-turbo' : `judge-${j}` }));
  const guessers = Array.from({ length: options.players }, (_, p) => ModelConfigSchema.parse({ provider: p % 3 === 0 ? 'anthropic' : 'openai', model: `model-${String(p + 1).padStart(2, '0')}` }));
  const skill = guessers.map(() => 0.1 + 0.6 * random());
  const playerId = (c: ReturnType<typeof ModelConfigSchema.parse>) => store.models.ensurePlayer('model', modelLabel(c), store.models.ensureConfig(c));
  const settings = edaGame.settings.parse({});
  let runs = 0;
  for (const kind of ['things', 'celebrities'] as const) {
    for (const split of options.splits ?? SPLITS) {
      const dataset = edaGame.datasets.load({ name: kind, subset: split });
      const datasetId = store.datasets.upsert({ game: 'eda', name: kind, kind, source: dataset.source, contentHash: null });
      const instances = store.datasets.upsertInstances(datasetId, split, dataset.instances);
      for (const judge of judges) {
        for (const guesser of guessers) {
          const episodes = [];
          for (let r = 1; r <= repetitions; r++) for (const i of instances) episodes.push({ instanceId: i.id, repetition: r, seed: r });
          const runId = store.runs.create({
            name: null, game: 'eda', datasetId, subset: split, seed: 1, appVersion: 'bench',
            config: { game: 'eda', dataset: { name: kind, subset: split, kind }, players: { guesser, judge }, repetitions, settings },
            seats: [{ seat: 'guesser', role: 'guesser', playerId: playerId(guesser) }, { seat: 'judge', role: 'judge', playerId: playerId(judge) }],
            episodes,
          });
          store.runs.finish(runId, 'done');
          runs++;
        }
      }
    }
  }
  store.close();

  // Events and results straight through SQLite: generation speed is not what is measured.
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  const topicHardness = new Map<string, number>();
  const episodes = db.prepare(
    `SELECT e.id, e.run_id, i.tags, p.name AS guesser FROM episodes e JOIN instances i ON i.id = e.instance_id
     JOIN episode_seats es ON es.episode_id = e.id AND es.seat = 'guesser' JOIN players p ON p.id = es.player_id ORDER BY e.id`,
  ).all() as { id: number; run_id: number; tags: string; guesser: string }[];
  const insertEvent = db.prepare(
    `INSERT INTO events (episode_id, idx, round, from_seat, to_seat, kind, text, action, valid, latency_ms, input_tokens, output_tokens, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-11-01T00:00:00Z')`,
  );
  const insertScore = db.prepare(`INSERT INTO scores (episode_id, seat, metric, value) VALUES (?, '', ?, ?)`);
  const finish = db.prepare(`UPDATE episodes SET status = 'done', outcome = ?, finished_at = '2026-11-01T00:00:00Z' WHERE id = ?`);
  const guesserSkill = new Map(guessers.map((g, i) => [modelLabel(g), skill[i]!]));
  let turns = 0;
  const batch = db.transaction((list: typeof episodes) => {
    for (const e of list) {
      const topic = Object.values(JSON.parse(e.tags) as Record<string, string>)[0] ?? '';
      if (!topicHardness.has(topic)) topicHardness.set(topic, 0.5 + random());
      const p = Math.min(0.95, guesserSkill.get(e.guesser)! / topicHardness.get(topic)!);
      const wins = random() < p;
      const length = wins ? 4 + Math.floor(random() * 16) : 20;
      let yes = 0;
      for (let idx = 1; idx <= length; idx++) {
        const last = wins && idx === length;
        const q = last ? 'Is it the answer?' : QUESTIONS[Math.floor(random() * QUESTIONS.length)]!;
        insertEvent.run(e.id, 2 * idx - 1, idx, 'guesser', 'judge', 'response', q, JSON.stringify({ question: q }), 1, 400, 180, 9);
        if (last) {
          insertEvent.run(e.id, 2 * idx, idx, null, 'guesser', 'system', 'Bingo!', '{"label":"bingo"}', null, null, null, null);
        } else {
          const [reply, label] = ANSWERS[Math.floor(random() * ANSWERS.length)]!;
          if (label === 'yes') yes++;
          insertEvent.run(e.id, 2 * idx, idx, 'judge', 'guesser', 'response', reply, JSON.stringify({ label }), 1, 90, 92, 2);
        }
      }
      turns += length;
      const score = wins ? 1 - 0.02 * Math.max(length - 5, 0) : 0;
      for (const [metric, value] of [['turns', length], ['success', wins ? 1 : 0], ['yes', yes], ['score', score]] as const) insertScore.run(e.id, metric, value);
      finish.run(wins ? 'success' : 'failure', e.id);
    }
  });
  for (let i = 0; i < episodes.length; i += 20_000) batch(episodes.slice(i, i + 20_000));
  // A provider outage: one model's episodes fail now and then, so leaderboards must leave their
  // instances out for every player (the common-instance comparison has work to do).
  db.prepare(
    `UPDATE episodes SET status = 'error', outcome = NULL, error_kind = 'server', error = 'HTTP 500 (generated)'
     WHERE id % 97 = 0 AND run_id IN (SELECT rs.run_id FROM run_seats rs JOIN players p ON p.id = rs.player_id WHERE rs.seat = 'guesser' AND p.name = 'openai:model-02')`,
  ).run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
  return { players: guessers.length, runs, episodes: episodes.length, turns };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { players: { type: 'string', default: '60' }, judges: { type: 'string', default: '2' } } });
  if (!positionals[0]) throw new Error('usage: tsx scripts/explore-db.ts <file.db> [--players n] [--judges n]');
  console.log(generateExploreDb(positionals[0], { players: Number(values.players), judges: Number(values.judges) }));
}
