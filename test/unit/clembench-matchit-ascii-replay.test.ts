/**
 * Real matchit_ascii episodes from clembench-runs (v1.6.5_ascii, the text-only MatchIt of the
 * multimodal clembench paper, played on the v1.6 instances) replayed through Parlor's game master:
 * the prompts must equal what clembench's game master sent, and the scores what it logged in raw.csv
 * (the fixtures' instance.json and scores.json are rebuilt from the bundled instances and those raw.csv
 * rows: the public index has neither file for this game). Also two models' published % played and
 * quality, from their logged episode scores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClemAction } from '../../electron/engine/games/clembench/adapter';
import { clembenchSource } from '../../electron/engine/games/clembench/source';
import { matchitAsciiClem } from '../../electron/engine/games/matchit_ascii/clem';
import { matchitAsciiGame } from '../../electron/engine/games/matchit_ascii/game';
import { drive, rowOf, scoresOf, textOf } from './clembench-matchit-ascii.driver';

const RUNS = join(__dirname, '..', 'fixtures', 'clembench-runs', 'v1.6.5_ascii');

const MODELS = {
  gpt4o: { pair: 'gpt-4o-2024-05-13-t0.0--gpt-4o-2024-05-13-t0.0', raw: 'raw-matchit_ascii-gpt-4o-2024-05-13.csv' },
  gemini: { pair: 'gemini-1.5-flash-latest-t0.0--gemini-1.5-flash-latest-t0.0', raw: 'raw-matchit_ascii-gemini-1.5-flash-latest.csv' },
  idefics: { pair: 'idefics-80b-instruct-t0.0--idefics-80b-instruct-t0.0', raw: 'raw-matchit_ascii-idefics-80b-instruct.csv' },
};

const EPISODES = [
  { model: MODELS.gpt4o, folder: '3_different_grid', episode: 0, outcome: 'success', note: 'both right' },
  { model: MODELS.gemini, folder: '0_same_grid', episode: 3, outcome: 'aborted', note: 'B answers "You are right! …" instead of asking' },
  { model: MODELS.gemini, folder: '0_same_grid', episode: 6, outcome: 'failure', note: 'both wrong' },
  { model: MODELS.gemini, folder: '2_similar_grid_2', episode: 0, outcome: 'failure', note: 'A right, B wrong' },
  { model: MODELS.idefics, folder: '3_different_grid', episode: 2, outcome: 'aborted', note: 'A decides after an ANSWER: line' },
  { model: MODELS.idefics, folder: '3_different_grid', episode: 3, outcome: 'failure', note: 'both wrong' },
];

/** One CSV line, quoted fields allowed (results.csv quotes its headers). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  return [...out, cur];
}

/** Logged episode scores by "<experiment folder>/episode_<k>" → metric → value (null: NaN). */
function rawScores(file: string): Map<string, Record<string, number | null>> {
  const rows = readFileSync(join(RUNS, file), 'utf8').trim().split('\n').slice(1).map(cells);
  const byEpisode = new Map<string, Record<string, number | null>>();
  for (const [, game, , experiment, episode, metric, value] of rows) {
    expect(game).toBe('matchit_ascii');
    const key = `${experiment}/${episode}`;
    byEpisode.set(key, { ...byEpisode.get(key), [metric!]: value === '' ? null : Number(value) });
  }
  return byEpisode;
}

// The fixtures as Parlor's clembench importer reads them (instance.json and scores.json included).
const reading = clembenchSource([matchitAsciiClem], () => ['player_a', 'player_b']).read(RUNS);
const bundled = matchitAsciiGame.datasets.load({ name: 'v1.6' }).instances;

it('reads every fixture episode as the importer would, matched to a bundled instance', () => {
  expect(reading.problems).toEqual([]);
  expect(reading.episodes).toHaveLength(EPISODES.length);
  for (const e of reading.episodes) expect(bundled.find((b) => b.key === e.instance.key)?.payload).toEqual(e.instance.payload);
});

describe.each(EPISODES)('logged episode $model.pair $folder/episode_$episode ($outcome: $note)', ({ model, folder, episode, outcome }) => {
  const path = join(model.pair, 'matchit_ascii', folder, `episode_${episode}`);
  const logged = reading.episodes.find((e) => e.path === path)!;
  const turns = (JSON.parse(readFileSync(join(RUNS, path, 'interactions.json'), 'utf8')) as { turns: ClemAction[][] }).turns;
  const instance = rowOf(logged.instance, episode);
  const play = () => {
    const queues = { player_a: [...logged.replies.player_a!], player_b: [...logged.replies.player_b!] } as Record<string, string[]>;
    return drive(instance, (seat) => queues[seat]!.shift() ?? '').then((d) => ({ ...d, left: queues }));
  };

  it('sends exactly the prompts clembench sent, each player keeping its own conversation', async () => {
    const { calls, left } = await play();
    for (const seat of ['player_a', 'player_b']) {
      const clem = seat === 'player_a' ? 'Player 1' : 'Player 2';
      const sent = turns.flat().filter((a) => a.from === 'GM' && a.to === clem && a.action.type.startsWith('send message')).map((a) => String(a.action.content));
      const mine = calls.filter((c) => c.seat === seat);
      expect(mine.map((c) => textOf(c.messages.at(-1)!))).toEqual(sent);
      // Every call re-reads the player's whole dialogue: its prompts and its own replies, alternating.
      mine.forEach((c, k) => expect(c.messages.map(textOf)).toEqual(sent.slice(0, k + 1).flatMap((s, j) => (j < k ? [s, logged.replies[seat]![j]!] : [s]))));
      expect(left[seat]).toEqual([]);
    }
  });

  it('scores the episode as clembench logged it (raw.csv)', async () => {
    const { events } = await play();
    const raw = rawScores(model.raw).get(`${folder}/episode_${episode}`)!;
    expect(logged.logged).toEqual(raw);
    const mine = scoresOf(events, instance);
    expect(mine.outcome).toBe(outcome);
    for (const [clemKey, metric] of Object.entries(logged.scoreKeys)) {
      if (clemKey === 'Played') expect(mine.episode.played).toBe(1 - raw.Aborted!);
      else expect([clemKey, mine.episode[metric] ?? null]).toEqual([clemKey, raw[clemKey]]);
    }
  });
});

describe('published matchit_ascii numbers (v1.6.5_ascii results.csv) from the logged episode scores', () => {
  it.each([
    ['gpt4o', 'results-gpt-4o-2024-05-13.csv'],
    ['gemini', 'results-gemini-1.5-flash-latest.csv'],
  ] as const)('%s: % Played and Quality Score', (key, results) => {
    const episodes = [...rawScores(MODELS[key].raw).values()];
    expect(episodes).toHaveLength(40);
    const played = episodes.map((e) => 1 - e.Aborted!);
    const quality = episodes.flatMap((e) => (e['Main Score'] === null ? [] : [e['Main Score']!]));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const std = Math.sqrt(quality.reduce((a, x) => a + (x - mean(quality)) ** 2, 0) / (quality.length - 1));
    const [header, row] = readFileSync(join(RUNS, results), 'utf8').trim().split('\n').map(cells);
    const column = (name: string) => Number(row![header!.indexOf(`matchit_ascii, ${name}`)]);
    expect(row![0]).toBe(MODELS[key].pair);
    expect((mean(played) * 100).toFixed(2)).toBe(column('% Played').toFixed(2));
    expect(mean(quality).toFixed(2)).toBe(column('Quality Score').toFixed(2));
    expect(std.toFixed(2)).toBe(column('Quality Score (std)').toFixed(2));
  });
});
