/** The image MatchIt as a registered game: its self-description, estimate, built-in players and resuming. */
import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import type { EventRecord } from '../../electron/engine/core/events';
import { matchitClem } from '../../electron/engine/games/matchit/clem';
import { matchitGame as game, IMAGE_TOKENS } from '../../electron/engine/games/matchit/game';
import { gameById } from '../../electron/engine/games/registry';
import { drive, nameless, rowOf, scoresOf } from './clembench-matchit-mm.driver';
import { wholeAndResumed } from '../support/kit';
import { provided } from '../support/provisions';

const instances = game.datasets.load({ name: 'v1.6' }).instances;
const instanceAt = (key: string) => rowOf(instances.find((x) => x.key === key)!, instances.findIndex((x) => x.key === key));
const policies = provided(game, 'builtins');

describe('MatchIt (images) as a game', () => {
  it('is registered and sound, one image a message for each role, with a hint where to find the photos', () => {
    expect(gameById('matchit')).toBe(game);
    expect([game.id, game.title, game.shortTitle, game.settings.repetitions, game.roles.map((r) => r.id)]).toEqual(['matchit', 'MatchIt (clembench, images)', 'MatchIt (images)', 1, ['player_a', 'player_b']]);
    expect(gameProblems(game as never)).toEqual([]);
    expect(provided(game, 'images').perMessage).toEqual({ player_a: 1, player_b: 1 });
    expect(provided(game, 'images').makers).toBeUndefined();
    expect(provided(game, 'images').hint).toBe("MatchIt's images are Visual Genome photos (VG_100K, VG_100K_2): point Parlor at a folder holding them, or allow downloads");
    expect(matchitClem).toMatchObject({ game: 'matchit', clemNames: ['matchit'], seats: { 'Player 1': 'player_a', 'Player 2': 'player_b' } });
  });

  it('estimates 8 calls a player, each re-reading its dialogue and its image (765 tokens)', () => {
    expect(IMAGE_TOKENS).toBe(765);
    // Call k (0..7) reads 130 + 765 + k·(2·100 + 40) tokens: 8·895 + 240·28 = 13880.
    const per = { calls: 8, inputTokens: 13880, outputTokens: 800 };
    expect(game.estimate(game.settings.parse({}), 'matchit')).toEqual({ player_a: per, player_b: per });
  });
});

describe('MatchIt (images) built-in players', () => {
  it('play every bundled instance to two right decisions when images carry their names', async () => {
    for (const [i, input] of instances.entries()) {
      const instance = rowOf(input, i);
      const { events, calls } = await drive(instance, (seat, messages) => policies[seat]!(messages));
      const { outcome, episode } = scoresOf(events, instance);
      expect([input.key, outcome, episode.main_score, episode.request_count, calls.length]).toEqual([input.key, 'success', 100, 16, 16]);
    }
    const { events } = await drive(instanceAt('similar_image/0'), (seat, messages) => policies[seat]!(messages));
    const replies = events.filter((e) => e.kind === 'response').map((e) => e.text);
    expect(replies.slice(0, 4)).toEqual(['DESCRIPTION: an image named 2353588.jpg', 'DESCRIPTION: an image named 2407969.jpg', 'QUESTION: What is the name of your image?', 'ANSWER: my image is named 2353588.jpg']);
    expect(replies.slice(-2)).toEqual(['DECISION: different images', 'DECISION: different images']);
  });

  it('reply in form without image names (as over the wire), deciding "same" as clembench\'s mock player', async () => {
    for (const [i, input] of instances.entries()) {
      const instance = rowOf(input, i);
      const run = () => drive(instance, (seat, messages) => policies[seat]!(nameless(messages)));
      const { events } = await run();
      const { outcome, episode } = scoresOf(events, instance);
      expect([input.key, episode.played, outcome]).toEqual([input.key, 1, input.tags.experiment === 'same_image' ? 'success' : 'failure']);
      const replies = events.filter((e) => e.kind === 'response').map((e) => e.text);
      expect(replies.slice(0, 4)).toEqual(['DESCRIPTION: an image.', 'DESCRIPTION: an image.', 'QUESTION: What is the name of your image?', 'ANSWER: I cannot tell.']);
      expect((await run()).events.map((e) => e.text)).toEqual(events.map((e) => e.text));
    }
  });
});

describe('MatchIt (images) resuming', () => {
  it('continues a cut-off episode after its recorded replies, its players still seeing their images', async () => {
    const instance = instanceAt('different_image/3');
    const { whole, resumed } = await wholeAndResumed(drive, instance, (seat, messages) => policies[seat]!(messages), 7);
    expect(resumed.calls).toHaveLength(16 - 7);
    const texts = (d: { events: EventRecord[] }) => d.events.map((e) => `${e.kind}:${e.text}:${JSON.stringify(e.parts)}`);
    expect(texts(resumed)).toEqual(texts(whole));
    expect(resumed.calls[0]!.messages).toEqual(whole.calls[7]!.messages);
  });
});
