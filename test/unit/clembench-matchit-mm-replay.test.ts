/**
 * Published clembench `matchit` episodes (clembench-runs v1.6_multimodal: a success, a failure and an
 * abort) replayed through Parlor's game master with their logged replies: the prompts must be the
 * ones clembench logged, each player's first one carrying its instance image; every reply must get
 * the game master's logged verdict (valid/invalid format, invalid content, each decision) in the
 * logged round; the scores must equal scores.json. The index holds no scores.json, instance.json or
 * experiment file for these episodes: they were rebuilt (see test/fixtures/clembench-runs/README.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../electron/engine/core/events';
import { actionOf } from '../../electron/engine/core/events';
import type { ClemAction } from '../../electron/engine/games/clembench/adapter';
import { clembenchSource } from '../../electron/engine/games/clembench/source';
import { matchitClem } from '../../electron/engine/games/matchit/clem';
import { matchitImagePayload } from '../../electron/engine/games/matchit/datasets';
import { matchitGame } from '../../electron/engine/games/matchit/game';
import { importLogs } from '../../electron/engine/runner/import-logs';
import { tempStore } from '../support/tmp';
import { drive, rowOf, scoresOf, shown } from './clembench-matchit-mm.driver';

const RUNS = join(__dirname, '..', 'fixtures', 'clembench-runs', 'v1.6_multimodal');

const EPISODES = [
  { path: 'idefics-80b-instruct-t0.0--idefics-80b-instruct-t0.0/matchit/0_same_image/episode_2', outcome: 'success', note: 'both right; B answers with an extra QUESTION line, passed on verbatim' },
  { path: 'llava-1.5-13b-hf-t0.0--llava-1.5-13b-hf-t0.0/matchit/1_similar_image/episode_0', outcome: 'failure', note: 'both say "same image"' },
  { path: 'llava-v1.6-vicuna-13b-hf-t0.0--llava-v1.6-vicuna-13b-hf-t0.0/matchit/1_similar_image/episode_0', outcome: 'aborted', note: 'A answers "ANswer: Yes" in round 2' },
];

const reading = clembenchSource([matchitClem], () => ['player_a', 'player_b']).read(RUNS);
const bundled = matchitGame.datasets.load({ name: 'v1.6' }).instances;
const CLEM_SEAT: Record<string, string> = { 'Player 1': 'player_a', 'Player 2': 'player_b' };

it('reads every fixture episode as the importer would, matched to a bundled instance', () => {
  expect(reading.problems).toEqual([]);
  expect(reading.episodes.map((e) => e.path).sort()).toEqual(EPISODES.map((e) => e.path).sort());
  for (const e of reading.episodes) expect(bundled.find((b) => b.key === e.instance.key)?.payload).toEqual(e.instance.payload);
});

it('imports them (parlor import clembench) with every logged score agreeing, the photos not found standing in', async () => {
  const report = await importLogs(tempStore(), reading);
  expect([report.errors, report.problems, report.differences, report.extraReplies]).toEqual([[], [], [], []]);
  expect([report.episodes, report.compared, report.agreed]).toEqual([3, 3, 3]);
  // Counted per model pair: same_image/2 shows both players one photo, similar_image/0 two (1 + 2 + 2).
  expect(report.images).toMatchObject({ needed: 5, found: 0 });
});

/** What clembench's game master logged after each reply (its GM→GM actions, "Game over" left out), per seat, with the reply's round. */
function loggedVerdicts(turns: readonly (readonly ClemAction[])[]): { seat: string; round: number; verdict: string[] }[] {
  const out: { seat: string; round: number; verdict: string[] }[] = [];
  turns.forEach((turn, i) =>
    turn.forEach((a) => {
      if (a.to === 'GM' && a.action.type === 'get message') out.push({ seat: CLEM_SEAT[a.from]!, round: i + 1, verdict: [] });
      else if (a.from === 'GM' && a.to === 'GM' && a.action.type !== 'Game over') {
        const type = a.action.type.startsWith('Decision Player') ? `${a.action.type}: ${String(a.action.content)}` : a.action.type;
        out.at(-1)!.verdict.push(type);
      }
    }),
  );
  return out;
}

/** The same verdicts read from Parlor's events. */
function parlorVerdicts(events: readonly EventRecord[]): { seat: string; round: number; verdict: string[] }[] {
  return events
    .filter((e) => e.kind === 'response')
    .map((e) => {
      const decision = actionOf(e).decision;
      const who = e.from === 'player_a' ? 'A' : 'B';
      const verdict = e.valid
        ? ['valid format', ...(typeof decision === 'string' ? [`Decision Player ${who}: ${decision}`] : [])]
        : e.flags.includes('wrong_flag')
          ? ['invalid format']
          : e.flags.includes('invalid_decision')
            ? ['valid format', 'invalid content']
            : ['invalid content'];
      return { seat: e.from!, round: e.round, verdict };
    });
}

describe.each(EPISODES)('logged episode $path ($outcome: $note)', ({ path, outcome }) => {
  const logged = reading.episodes.find((e) => e.path === path)!;
  const turns = (JSON.parse(readFileSync(join(RUNS, path, 'interactions.json'), 'utf8')) as { turns: ClemAction[][] }).turns;
  const instance = rowOf(logged.instance);
  const p = matchitImagePayload(instance.payload);
  const play = () => {
    const queues = { player_a: [...logged.replies.player_a!], player_b: [...logged.replies.player_b!] } as Record<string, string[]>;
    return drive(instance, (seat) => queues[seat]!.shift() ?? '').then((d) => ({ ...d, left: queues }));
  };

  it('sends exactly the prompts clembench logged, the image with each player\'s first one and kept in its history', async () => {
    const { calls, left } = await play();
    for (const [clem, seat] of Object.entries(CLEM_SEAT)) {
      const sent = turns.flat().filter((a) => a.from === 'GM' && a.to === clem && a.action.type.startsWith('send message')).map((a) => String(a.action.content));
      const mine = calls.filter((c) => c.seat === seat);
      expect(mine.map((c) => shown(c.messages.at(-1)!).text)).toEqual(sent);
      const image = seat === 'player_a' ? p.imageA : p.imageB;
      mine.forEach((c, k) => {
        const history = c.messages.map(shown);
        expect(history.map((m) => m.text)).toEqual(sent.slice(0, k + 1).flatMap((s, j) => (j < k ? [s, logged.replies[seat]![j]!] : [s])));
        expect(history.map((m) => m.images)).toEqual(history.map((_m, j) => (j === 0 ? [image] : [])));
      });
      expect(left[seat]).toEqual([]);
    }
  });

  it("gives every reply the game master's logged verdict, in the logged round", async () => {
    const { events } = await play();
    expect(parlorVerdicts(events)).toEqual(loggedVerdicts(turns));
    const aborted = turns.flat().some((a) => a.action.type === 'Game over');
    expect(events.some((e) => e.kind === 'system' && typeof actionOf(e).abort === 'string')).toBe(aborted);
  });

  it('scores the episode as clembench scored it (scores.json)', async () => {
    const { events } = await play();
    const mine = scoresOf(events, instance);
    expect(mine.outcome).toBe(outcome);
    expect(logged.logged).not.toBeNull();
    for (const [clemKey, metric] of Object.entries(logged.scoreKeys)) {
      if (clemKey === 'Played') expect(mine.episode.played).toBe(1 - logged.logged!.Aborted!);
      else expect([clemKey, mine.episode[metric] ?? null]).toEqual([clemKey, logged.logged![clemKey]]);
    }
  });
});
