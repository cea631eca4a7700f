import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import { DatasetError } from '../../electron/engine/core/datasets';
import type { Score } from '../../electron/engine/core/game';
import { clemReplies } from '../../electron/engine/games/clembench/adapter';
import { REF_BUILTINS } from '../../electron/engine/games/referencegame/builtins';
import { referencegameClem, referencegameSeatScoreKeys } from '../../electron/engine/games/referencegame/clem';
import { referenceGame } from '../../electron/engine/games/referencegame/game';
import type { RefPayload } from '../../electron/engine/games/referencegame/payload';
import { pyRegex } from '../../electron/engine/games/clembench/pyregex';
import { V16_PATTERNS } from '../../electron/engine/games/referencegame/rules';
import { episodeOf } from '../../renderer/src/games/referencegame/episode';
import { drive, episodeScores, readFixture, resultsRow, rowOf, turnsOf } from './clembench-referencegame.driver';
import { provided } from '../support/provisions';

const v16 = referenceGame.datasets.load({ name: 'v1.6' });
const v20 = referenceGame.datasets.load({ name: 'v2.0' });
const bundled = (key: string) => v16.instances.find((i) => i.key === key)!;

/**
 * Yi-34B's describer abort is kept outside the importer's tree (no scores.json of it is stored); its
 * instance is the bundled one with the patterns of clembench's referencegame/in/instances_v1.6.json @36854bd.
 */
function april2024(key: string) {
  const { p1_mode: _a, p2_mode: _b, lang: _c, ...rest } = bundled(key).payload as RefPayload;
  return rowOf(referencegameClem.instanceFrom({ ...rest, ...V16_PATTERNS, target_grid_name: (rest.target_grid_name as string[])[0] }, { name: key.split('/')[0]! }));
}

/** The instance.json of a fixture episode, read as the importer reads it. */
const loggedInstance = (dir: string) => rowOf(referencegameClem.instanceFrom(JSON.parse(readFixture(`${dir}/instance.json`)) as Record<string, unknown>, { name: dir.split('/').at(-2)!.replace(/^\d+_/, '') }));

const MIX = 'Mixtral-8x7B-Instruct-v0.1-t0.0--Mixtral-8x7B-Instruct-v0.1-t0.0/referencegame';
const Q4 = 'Meta-Llama-3-8B-Instruct-GGUF-q4-t0.0--Meta-Llama-3-8B-Instruct-GGUF-q4-t0.0/referencegame';
const Q8 = 'Meta-Llama-3-8B-Instruct-GGUF-q8-t0.0--Meta-Llama-3-8B-Instruct-GGUF-q8-t0.0/referencegame';
const YI = '../../clembench-referencegame/v1.6/Yi-34B-Chat-t0.0--Yi-34B-Chat-t0.0/referencegame';
const RAW = 'raw-referencegame-Meta-Llama-3-8B-Instruct-GGUF-q8.csv';

/** raw.csv rows of one episode as scores.json would hold them (empty value = NaN). */
function rawScores(experiment: string, episode: string): Record<string, number | null> {
  const rows = readFixture(RAW).trim().split('\n').slice(1).map((l) => l.split(','));
  return Object.fromEntries(rows.filter((r) => r[3] === experiment && r[4] === episode).map((r) => [r[5]!, r[6] === '' ? null : Number(r[6])]));
}

// Yi-34B's scores.json is not stored (byte-identical for every describer abort); these are the values the May 2024 scorer logs for one.
const P1_ABORT = { 'Generated Expression Length': null, 'Generated Expression Number of Tokens': null, 'Aborted at Player 1': 1, 'Aborted at Player 2': 0, 'Request Count': 1, 'Parsed Request Count': 0, 'Violated Request Count': 1, Success: 0, Lose: 1, Aborted: 1, 'Main Score': null, 'Request Success Ratio': 0 };

const EPISODES = [
  { dir: `${MIX}/5_random_grids/episode_21`, outcome: 'success', logged: () => episodeScores(`${MIX}/5_random_grids/episode_21`) },
  { dir: `${MIX}/5_random_grids/episode_28`, outcome: 'failure', logged: () => episodeScores(`${MIX}/5_random_grids/episode_28`) },
  { dir: `${MIX}/5_random_grids/episode_29`, outcome: 'failure', logged: () => episodeScores(`${MIX}/5_random_grids/episode_29`) },
  { dir: `${MIX}/0_line_grids_rows/episode_15`, outcome: 'aborted', logged: () => episodeScores(`${MIX}/0_line_grids_rows/episode_15`) },
  { dir: `${Q4}/0_line_grids_rows/episode_29`, outcome: 'aborted', logged: () => episodeScores(`${Q4}/0_line_grids_rows/episode_29`) },
  { dir: `${Q8}/2_diagonal_grids/episode_18`, outcome: 'success', logged: () => ({ ...episodeScores(`${Q8}/2_diagonal_grids/episode_18`), ...rawScores('2_diagonal_grids', 'episode_18') }) },
  { dir: `${Q8}/2_diagonal_grids/episode_9`, outcome: 'failure', logged: () => ({ ...episodeScores(`${Q8}/2_diagonal_grids/episode_9`), ...rawScores('2_diagonal_grids', 'episode_9') }) },
  { dir: `${YI}/3_letter_grids/episode_0`, instance: () => april2024('letter_grids/0'), outcome: 'aborted', logged: () => P1_ABORT },
] as const;

const scoreOf = (scores: readonly Score[], metric: string, seat?: string) => scores.find((s) => s.metric === metric && s.seat === seat)?.value;

describe('referencegame datasets', () => {
  it('loads the bundled instance files with experiment and target tags', () => {
    expect(v16.instances).toHaveLength(180);
    expect(v20.instances).toHaveLength(90);
    expect(new Set(v16.instances.map((i) => i.tags.experiment))).toEqual(new Set(['line_grids_rows', 'line_grids_columns', 'diagonal_grids', 'letter_grids', 'shape_grids', 'random_grids']));
    const first = bundled('line_grids_rows/0');
    expect(first.tags).toEqual({ experiment: 'line_grids_rows', target: 'first' });
    expect((first.payload as RefPayload).experiment).toEqual({ name: 'line_grids_rows' });
    for (const pos of ['first', 'second', 'third']) expect(v16.instances.filter((i) => i.tags.target === pos)).toHaveLength(60);
  });

  it('refuses unknown datasets, subsets and broken files', () => {
    expect(() => referenceGame.datasets.load({ name: 'v9' })).toThrow(DatasetError);
    expect(() => referenceGame.datasets.load({ name: 'v1.6', subset: 'test' })).toThrow(/one subset/);
    const dir = mkdtempSync(join(tmpdir(), 'refgame-'));
    writeFileSync(join(dir, 'bad.json'), '{"experiments": [');
    expect(() => referenceGame.datasets.load({ name: 'x', file: join(dir, 'bad.json') })).toThrow(/not JSON/);
    const broken = { ...(bundled('line_grids_rows/0').payload as RefPayload), player_2_response_pattern: '^answer:\\s(first|second|third)' };
    writeFileSync(join(dir, 'groups.json'), JSON.stringify({ experiments: [{ name: 'e', game_instances: [broken] }] }));
    expect(() => referenceGame.datasets.load({ name: 'x', file: join(dir, 'groups.json') })).toThrow(/without the group\(s\) response, remainder/);
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ experiments: [{ name: 'e', game_instances: [bundled('line_grids_rows/0').payload] }] }));
    expect(referenceGame.datasets.load({ name: 'x', file: join(dir, 'ok.json') }).instances.map((i) => i.key)).toEqual(['e/0']);
  });
});

describe('Python patterns in JavaScript', () => {
  // Expected groups computed with Python's re.compile(p, re.IGNORECASE).match.
  it('matches as re.match with IGNORECASE does', () => {
    const current = pyRegex((bundled('line_grids_rows/0').payload as RefPayload).player_2_response_pattern);
    expect(current.exec('Answer: Second\n\nExplanation:\n\nx')?.groups).toMatchObject({ response: 'Second', remainder: 'Explanation:\n\nx' });
    expect(current.exec('answer:third grid.')?.groups).toMatchObject({ response: 'third', remainder: '' });
    expect(current.exec('Answer: \u017Fecond')?.groups?.response).toBe('\u017Fecond'); // long s folds to s in Python too
    const april = pyRegex(V16_PATTERNS.player_2_response_pattern);
    expect(april.exec('Answer: 3')).toBeNull();
    expect(april.exec('Answer:  first')).toBeNull(); // \s takes exactly one space
    expect(april.exec('Answer: first\r\nmore')?.groups?.remainder).toBe('\r'); // Python's . takes \r
    expect(pyRegex(V16_PATTERNS.player_1_response_pattern).exec('EXPRESSION:  foo bar\r\nbaz')?.groups).toEqual({ content: ' foo bar\r', remainder: 'baz' });
  });
});

describe('published v1.6 episodes replayed through the game master', () => {
  for (const ep of EPISODES) {
    it(`${ep.dir} (${ep.outcome})`, async () => {
      const turns = turnsOf(ep.dir);
      const replies = clemReplies(turns, referencegameClem.seats);
      const cursor: Record<string, number> = { describer: 0, follower: 0 };
      const instance = 'instance' in ep ? ep.instance() : loggedInstance(ep.dir);
      const driven = await drive(instance, (seat) => replies[seat]![cursor[seat]!++]!);
      // The prompts are the game master's logged messages, byte for byte.
      const gm = turns[0]!.filter((a) => a.from === 'GM' && a.action.type === 'send message').map((a) => a.action.content);
      expect(driven.sent.map((s) => s.messages.at(-1)!.content)).toEqual(gm);
      expect(driven.sent.map((s) => s.seat)).toEqual(gm.map((_, i) => (i === 0 ? 'describer' : 'follower')));
      expect(driven.result.outcome).toBe(ep.outcome);
      const logged = ep.logged() as Record<string, number | null>;
      for (const [key, value] of Object.entries(logged)) {
        const seat = referencegameSeatScoreKeys[key];
        const got = key === 'Aborted' ? (driven.result.outcome === 'aborted' ? 1 : 0) : seat ? scoreOf(driven.result.scores, seat.metric, seat.seat) : scoreOf(driven.result.scores, referencegameClem.scoreKeys[key]!);
        expect([key, got ?? null]).toEqual([key, value]);
      }
    });
  }

  it('reads the same replies with the bundled a717f23 rules (strict modes) as the current reference does', async () => {
    const turns = turnsOf(`${MIX}/5_random_grids/episode_21`);
    const replies = clemReplies(turns, referencegameClem.seats);
    const strict = await drive(rowOf(bundled('random_grids/21')), (seat) => replies[seat]![0]!);
    expect(strict.result.outcome).toBe('aborted'); // "Answer: First\n\nThe expression…" goes on after the answer
    expect(scoreOf(strict.result.scores, 'success')).toBeUndefined();
    expect(scoreOf(strict.result.scores, 'expression_length', 'describer')).toBe([...replies.describer![0]!].length);
    const legacy = await drive(rowOf(bundled('random_grids/21')), (seat) => replies[seat]![0]!, { rules: 'v1.6' });
    expect(legacy.result.outcome).toBe('success');
  });
});

describe('referencegame scores', () => {
  const row = rowOf(bundled('line_grids_columns/4'));
  it('aborts at the describer for a second line (hand-computed scores)', async () => {
    const d = await drive(row, () => 'Expression: the left column\nand more', { rules: 'v1.6' });
    expect(d.sent).toHaveLength(1);
    expect(d.result.outcome).toBe('aborted');
    const s = Object.fromEntries(d.result.scores.map((x) => [`${x.seat ?? ''}${x.metric}`, x.value]));
    expect(s).toEqual({ played: 0, request_count: 1, parsed_request_count: 0, violated_request_count: 1, request_success_ratio: 0, describerabort_cause: 1, followerabort_cause: 0, success: 0, lose: 1 });
  });

  it('scores a played episode: expression length in code points, tokens split on single spaces', async () => {
    const target = (row.payload as RefPayload).target_grid_name[0]!;
    const d = await drive(row, (seat) => (seat === 'describer' ? 'Expression: ▢  X' : `Answer: ${target}`), { rules: 'v1.6' });
    expect(d.result.outcome).toBe('success');
    expect(scoreOf(d.result.scores, 'main_score')).toBe(100);
    expect(scoreOf(d.result.scores, 'expression_length', 'describer')).toBe(4); // "▢  X"
    expect(scoreOf(d.result.scores, 'expression_tokens', 'describer')).toBe(3); // ["▢", "", "X"]
    expect(scoreOf(d.result.scores, 'request_success_ratio')).toBe(1);
  });

  it('resumes after a recorded describer reply', async () => {
    const first = await drive(row, (seat) => (seat === 'describer' ? 'Expression: x' : 'Answer: third'));
    const prior = first.events.filter((e) => e.from === 'describer' || (e.kind === 'prompt' && e.to === 'describer'));
    const resumed = await drive(row, () => 'Answer: first', {}, prior);
    expect(resumed.sent.map((s) => s.seat)).toEqual(['follower']);
    expect(provided(referenceGame, 'text-transcript')(resumed.events, referenceGame.settings.parse({})).join('\n')).toContain('Answer: first');
  });
});

describe('referencegame builtins and adapter', () => {
  it('describes itself soundly', () => expect(gameProblems(referenceGame as never)).toEqual([]));

  it('the reference players solve every bundled instance', async () => {
    for (const instance of [...v16.instances, ...v20.instances]) {
      const d = await drive(rowOf(instance), (seat, messages) => REF_BUILTINS[seat]!(messages));
      expect([instance.key, d.result.outcome]).toEqual([instance.key, 'success']);
    }
  });

  it('the transcript view finds both players\' grids, the replies and the verdict', async () => {
    const d = await drive(rowOf(bundled('shape_grids/7')), (seat, messages) => REF_BUILTINS[seat]!(messages));
    const view = episodeOf(d.events.map((e, i) => ({ ...e, id: i + 1, callId: null })));
    expect(view.describerGrids.map((g) => [g.label, g.rows.length])).toEqual([['Target grid', 5], ['Distractor grid 1', 5], ['Distractor grid 2', 5]]);
    expect(view.followerGrids.map((g) => g.label)).toEqual(['First', 'Second', 'Third']);
    expect(view.verdict?.kind).toBe('correct');
    expect(view.follower?.valid).toBe(true);
  });

  it('maps clembench players to seats', () => {
    expect(referencegameClem.seats['Player 1']).toBe('describer');
    expect(referencegameClem.seats.GM).toBeUndefined();
    const replies = clemReplies(turnsOf(`${YI}/3_letter_grids/episode_0`), referencegameClem.seats);
    expect(replies).toEqual({ describer: ['Expression: X X X X X\nX ▢ ▢ ▢ ▢\nX X X ▢ ▢\nX ▢ ▢ ▢ ▢\nX X X X X'], follower: [] });
  });
});

describe('published v1.6 aggregates of Meta-Llama-3-8B-Instruct-GGUF-q8', () => {
  it('% played and quality from raw.csv equal results.csv', () => {
    const rows = readFixture(RAW).trim().split('\n').slice(1).map((l) => l.split(','));
    const episodes = new Map<string, { aborted?: number; main?: number | null }>();
    for (const [, , , experiment, episode, metric, value] of rows) {
      const e = episodes.get(`${experiment}/${episode}`) ?? {};
      if (metric === 'Aborted') e.aborted = Number(value);
      if (metric === 'Main Score') e.main = value === '' ? null : Number(value);
      episodes.set(`${experiment}/${episode}`, e);
    }
    expect(episodes.size).toBe(180);
    const all = [...episodes.values()];
    const played = (100 * all.reduce((sum, e) => sum + (1 - e.aborted!), 0)) / all.length;
    const scores = all.filter((e) => e.aborted === 0).map((e) => e.main!);
    const quality = scores.reduce((a, b) => a + b, 0) / scores.length;
    const published = resultsRow(readFixture('results-bb35275.csv'), 'Meta-Llama-3-8B-Instruct-GGUF-q8-t0.0--Meta-Llama-3-8B-Instruct-GGUF-q8-t0.0', 'referencegame');
    expect(published).toEqual({ played: 100, quality: 43.89 });
    expect(Number(played.toFixed(2))).toBe(published.played);
    expect(Number(quality.toFixed(2))).toBe(published.quality);
  });
});
