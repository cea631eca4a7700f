/**
 * Published clembench v1.6 multimodal episodes (clembench-runs `v1.6_multimodal/`) replayed through
 * Parlor's game master with the logged replies: the messages are the logged ones (text and image
 * names) and Parlor's scores are the logged episode scores.
 */
import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../shared/contract/content';
import type { Score } from '../../electron/engine/core/game';
import { clemReplies } from '../../electron/engine/games/clembench/adapter';
import { clembenchSource } from '../../electron/engine/games/clembench/source';
import { multimodalReferencegameClem as clem } from '../../electron/engine/games/multimodal_referencegame/clem';
import { multimodalReferenceGame as game } from '../../electron/engine/games/multimodal_referencegame/game';
import { drive, episodeScores, FIXTURES, readFixture, rowOf, turnsOf } from './clembench-mm-referencegame.driver';
import { provided } from '../support/provisions';

const EPISODES = [
  { dir: 'gpt-4-1106-vision-preview-t0.0--gpt-4-1106-vision-preview-t0.0/multimodal_referencegame/11_ADE_static_target_images/episode_0', outcome: 'success' },
  { dir: 'idefics-9b-instruct-t0.0--idefics-9b-instruct-t0.0/multimodal_referencegame/0_line_grids_rows/episode_25', outcome: 'failure' },
  { dir: 'claude-3-opus-20240229-t0.0--claude-3-opus-20240229-t0.0/multimodal_referencegame/12_pentomino_images/episode_0', outcome: 'failure' },
  { dir: 'idefics-9b-instruct-t0.0--idefics-9b-instruct-t0.0/multimodal_referencegame/10_DOCCI_static_target_images/episode_19', outcome: 'aborted' },
] as const;

const scoreOf = (scores: readonly Score[], metric: string, seat?: string) => scores.find((s) => s.metric === metric && s.seat === seat)?.value;

/** The instance.json of a fixture episode, read as the importer reads it. */
const loggedInstance = (dir: string) => rowOf(clem.instanceFrom(JSON.parse(readFixture(`${dir}/instance.json`)) as Record<string, unknown>, { name: dir.split('/').at(-2)!.replace(/^\d+_/, '') }));

/** A sent message as clemcore logs it: `{role, content, image}`. */
function asLogged(content: string | readonly ContentPart[]): { role: string; content: string; image: string[] } {
  const parts = content as readonly ContentPart[];
  return { role: 'user', content: parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''), image: parts.flatMap((p) => (p.type === 'image' ? [p.name!] : [])) };
}

describe('published v1.6_multimodal episodes replayed through the game master', () => {
  for (const ep of EPISODES) {
    it(`${ep.dir.split('/').slice(-2).join('/')} of ${ep.dir.split('-t0.0')[0]} (${ep.outcome})`, async () => {
      const turns = turnsOf(ep.dir);
      const replies = clemReplies(turns, clem.seats);
      const cursor: Record<string, number> = { describer: 0, follower: 0 };
      const driven = await drive(loggedInstance(ep.dir), (seat) => replies[seat]![cursor[seat]!++]!);
      // The messages are the game master's logged ones: text and images, byte for byte and in order.
      const gm = turns[0]!.filter((a) => a.from === 'GM' && a.action.type === 'send message').map((a) => a.action.content);
      expect(driven.sent.map((s) => asLogged(s.messages.at(-1)!.content))).toEqual(gm);
      expect(driven.sent.map((s) => s.seat)).toEqual(['describer', 'follower']);
      expect(driven.result.outcome).toBe(ep.outcome);
      const logged = episodeScores(ep.dir);
      expect(Object.keys(logged)).toHaveLength(12);
      for (const [key, value] of Object.entries(logged)) {
        const seat = clem.seatScoreKeys![key];
        const got = key === 'Aborted' ? (driven.result.outcome === 'aborted' ? 1 : 0) : seat ? scoreOf(driven.result.scores, seat.metric, seat.seat) : scoreOf(driven.result.scores, clem.scoreKeys[key]!);
        expect([key, got ?? null]).toEqual([key, value]);
      }
    });
  }

  it('measures the whole reply under a717f23, where the logged v1.6 scorer measured the content', async () => {
    const dir = EPISODES[0].dir;
    const replies = clemReplies(turnsOf(dir), clem.seats);
    const d = await drive(loggedInstance(dir), (seat) => replies[seat]![0]!, { rules: 'a717f23' });
    expect(d.result.outcome).toBe('success');
    expect(scoreOf(d.result.scores, 'expression_length', 'describer')).toBe(164 + 'Expression: '.length);
    expect(scoreOf(d.result.scores, 'expression_tokens', 'describer')).toBe(31);
  });
});

describe('the clembench importer reads the multimodal reference game', () => {
  it('finds the fixture episodes with their instance, models and replies', () => {
    const reading = clembenchSource([clem], (id) => (id === game.id ? game.roles.map((r) => r.id) : []))
      .read(FIXTURES);
    const ours = reading.episodes.filter((e) => e.game === 'multimodal_referencegame');
    expect(ours.map((e) => e.path).sort()).toEqual(EPISODES.map((e) => e.dir).sort());
    const grid = ours.find((e) => e.path.includes('0_line_grids_rows'))!;
    expect(grid.instance.key).toBe('line_grids_rows/25');
    expect(grid.instance.tags).toEqual({ experiment: 'line_grids_rows', target: 'second' });
    expect(grid.models).toEqual({ describer: 'idefics-9b-instruct-t0.0', follower: 'idefics-9b-instruct-t0.0' });
    expect(grid.replies.follower).toEqual(['Answer: 1']);
    expect(grid.logged?.['Main Score']).toBe(0);
    expect(reading.problems.filter((p) => p.path.includes('multimodal_referencegame'))).toEqual([]);
  });

  it('the published grid instance is the bundled one but for its image folder, and has its text counterpart', () => {
    const logged = loggedInstance(EPISODES[1].dir);
    const bundled = game.datasets.load({ name: 'v1.6' }).instances.find((i) => i.key === 'line_grids_rows/25')!;
    const rename = (p: unknown) => JSON.parse(JSON.stringify(p).replaceAll('../clembench/multimodal_referencegame/', 'games/multimodal_referencegame/')) as unknown;
    expect(logged.payload).toEqual(rename(bundled.payload));
    expect(provided(game, 'counterpart').key(logged)).toBe('line_grids_rows/25');
    expect(provided(game, 'images').of(logged, game.settings.parse({}))[0]).toBe('games/multimodal_referencegame/resources/grid_images/8.png');
  });
});
