/**
 * Builds a realistic Parlor database for the explore views: many guesser models × two judges × both
 * datasets × every split × 5 repetitions, with topic-dependent skill, realistic questions and answers.
 * Used by `npm run bench:explore` (10 million turns) and by the explore e2e test (a small one).
 * Usage: tsx scripts/explore-db.ts <file.db> [--players 60] [--judges 2]
 */
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ModelConfigSchema, modelLabel } from '../shared/contract/models';
import { seededRandom } from '../electron/engine/annotation/sample';
import { loadEdaDataset } from '../electron/engine/datasets/eda';
import { loadTopics } from '../electron/engine/datasets/topics';
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
  const playerId = (c: ReturnType<typeof ModelConfigSchema.parse>) => store.ensurePlayer('model', modelLabel(c), store.ensureModelConfig(c));
  let runs = 0;
  const episodeRuns: number[] = [];
  for (const kind of ['things', 'celebrities'] as const) {
    const topics = loadTopics(kind);
    const datasetId = store.upsertDataset(kind, kind, `bundled:${kind}`);
    for (const split of options.splits ?? (['train', 'dev', 'test'] as const)) {
      const entities = store.upsertEntities(datasetId, split, loadEdaDataset({ name: kind, split }).entities.map((e) => ({ ...e, topics: topics.get(`${split}\u0000${e.line}`) ?? null })));
      for (const judge of judges) {
        for (const guesser of guessers) {
          const episodes = [];
          for (let r = 1; r <= repetitions; r++) for (const e of entities) episodes.push({ entityId: e.id, repetition: r, seed: r });
          const runId = store.createRun({
            name: null, game: 'eda', datasetId, split, seed: 1, appVersion: 'bench',
            config: { dataset: { name: kind, split }, players: { guesser, judge }, repetitions, settings: {} },
            players: { guesser: playerId(guesser), judge: playerId(judge) }, episodes,
          });
          store.finishRun(runId, 'done');
          episodeRuns.push(runId);
          runs++;
        }
      }
    }
  }
  store.close();

  // Turns and results straight through SQLite: generation speed is not what is measured.
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const topicHardness = new Map<string, number>();
  const episodes = db.prepare(
    `SELECT e.id, e.run_id, en.categories, p.name AS guesser FROM episodes e JOIN entities en ON en.id = e.entity_id
     JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'guesser' JOIN players p ON p.id = ep.player_id ORDER BY e.id`,
  ).all() as { id: number; run_id: number; categories: string | null; guesser: string }[];
  const insertTurn = db.prepare(
    `INSERT INTO turns (episode_id, idx, guesser_generated, guesser_sent, guesser_in_history, judge_raw, judge_label, judge_reply,
       guesser_latency_ms, judge_latency_ms, guesser_input_tokens, guesser_output_tokens, judge_input_tokens, judge_output_tokens, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 400, 90, 180, 9, 92, 2, '2026-11-01T00:00:00Z')`,
  );
  const finish = db.prepare(
    `UPDATE episodes SET status = 'done', outcome = ?, metrics = ?, finished_at = '2026-11-01T00:00:00Z',
       m_turns = ?, m_success = ?, m_yes = ?, m_score = ? WHERE id = ?`,
  );
  const guesserSkill = new Map(guessers.map((g, i) => [modelLabel(g), skill[i]!]));
  let turns = 0;
  const batch = db.transaction((list: typeof episodes) => {
    for (const e of list) {
      const topic = e.categories ? Object.values(JSON.parse(e.categories) as Record<string, string>)[0]! : '';
      if (!topicHardness.has(topic)) topicHardness.set(topic, 0.5 + random());
      const p = Math.min(0.95, guesserSkill.get(e.guesser)! / topicHardness.get(topic)!);
      const wins = random() < p;
      const length = wins ? 4 + Math.floor(random() * 16) : 20;
      let yes = 0;
      for (let idx = 1; idx <= length; idx++) {
        const last = wins && idx === length;
        const q = last ? 'Is it the answer?' : QUESTIONS[Math.floor(random() * QUESTIONS.length)]!;
        const [reply, label] = last ? ['Bingo!', 'bingo'] : ANSWERS[Math.floor(random() * ANSWERS.length)]!;
        if (label === 'yes') yes++;
        insertTurn.run(e.id, idx, q, q, q, last ? null : reply, label, reply);
      }
      turns += length;
      const score = wins ? 1 - 0.02 * Math.max(length - 5, 0) : 0;
      const metrics = { turns: length, success: wins ? 1 : 0, yes, score };
      finish.run(wins ? 'win' : 'loss', JSON.stringify(metrics), length, metrics.success, yes, score, e.id);
    }
  });
  for (let i = 0; i < episodes.length; i += 20_000) batch(episodes.slice(i, i + 20_000));
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
