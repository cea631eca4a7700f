import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../shared/contract/content';
import { gameProblems } from '../../electron/engine/core/check-game';
import { DatasetError } from '../../electron/engine/core/datasets';
import type { Score } from '../../electron/engine/core/game';
import { MM_REF_BUILTINS } from '../../electron/engine/games/multimodal_referencegame/builtins';
import { multimodalReferenceGame as game } from '../../electron/engine/games/multimodal_referencegame/game';
import type { MmRefPayload } from '../../electron/engine/games/multimodal_referencegame/payload';
import { gameById } from '../../electron/engine/games/registry';
import { mmEpisodeOf } from '../../renderer/src/games/multimodal_referencegame/episode';
import type { ChatMessage } from '../../electron/engine/players/types';
import { drive, rowOf, sha256hex } from './clembench-mm-referencegame.driver';
import { provided } from '../support/provisions';

const v16 = game.datasets.load({ name: 'v1.6' });
const bundled = (key: string) => rowOf(v16.instances.find((i) => i.key === key)!);
const payloadOf = (key: string) => bundled(key).payload as MmRefPayload;
const scoreOf = (scores: readonly Score[], metric: string, seat?: string) => scores.find((s) => s.metric === metric && s.seat === seat)?.value;
/** Scores as `<seat><metric>` → value, for whole-set comparisons. */
const flat = (scores: readonly Score[]) => Object.fromEntries(scores.map((x) => [`${x.seat ?? ''}${x.metric}`, x.value]));

const EXPERIMENTS = ['line_grids_rows', 'line_grids_columns', 'diagonal_grids', 'letter_grids', 'shape_grids', 'random_grids', 'ADE_images', 'DOCCI_images', 'CLEVR_images', 'CLEVR_static_target_images', 'DOCCI_static_target_images', 'ADE_static_target_images', 'pentomino_images'];

/** A message as clembench logs it: its text and the names of its images. */
function asLogged(m: ChatMessage): { role: string; content: string; image: string[] } {
  const parts = m.content as readonly ContentPart[];
  const text = parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.text : ''));
  expect(text).toHaveLength(1);
  expect(parts[0]!.type).toBe('text'); // text first, then the images
  return { role: m.role, content: text[0]!, image: parts.flatMap((p) => (p.type === 'image' ? [p.name!] : [])) };
}

describe('multimodal_referencegame datasets', () => {
  it('loads the bundled v1.6 instances: 13 experiments × 30, tagged with experiment and target position', () => {
    expect(v16.instances).toHaveLength(390);
    expect(game.datasets.bundled()).toEqual([{ name: 'v1.6', title: expect.any(String), kind: 'multimodal_referencegame', subsets: ['all'] }]);
    for (const exp of EXPERIMENTS) expect([exp, v16.instances.filter((i) => i.tags.experiment === exp).length]).toEqual([exp, 30]);
    expect(bundled('ADE_static_target_images/23').tags).toEqual({ experiment: 'ADE_static_target_images', target: 'third' });
    expect(bundled('line_grids_rows/0').tags).toEqual({ experiment: 'line_grids_rows', target: 'first' });
    expect(v16.instances.every((i) => ['first', 'second', 'third'].includes(i.tags.target!))).toBe(true);
  });

  it('names the six images of an instance exactly as the instance file does', () => {
    const row = bundled('ADE_static_target_images/23');
    const p = payloadOf('ADE_static_target_images/23');
    expect(provided(game, 'images').of(row, game.settings.parse({}))).toEqual([p.player_1_first_image, p.player_1_second_image, p.player_1_third_image, p.player_2_first_image, p.player_2_second_image, p.player_2_third_image]);
    expect(p.player_1_first_image).toBe('../clembench/multimodal_referencegame/resources/scene_images/48.jpg');
    expect(provided(game, 'images').perMessage).toEqual({ describer: 3, follower: 3 });
    expect(provided(game, 'images').hint).toMatch(/clembench checkout .*multimodal_referencegame\/resources/);
  });

  it('loads a user file of the same shape and refuses malformed ones with the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mmref-'));
    const file = (name: string, data: unknown) => {
      writeFileSync(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
      return join(dir, name);
    };
    const { experiment: _e, ...raw } = payloadOf('CLEVR_images/4');
    const ok = game.datasets.load({ name: 'mine', file: file('ok.json', { experiments: [{ name: 'mine', game_instances: [raw, { ...raw, game_id: 5 }] }] }) });
    expect(ok.instances.map((i) => i.key)).toEqual(['mine/4', 'mine/5']);
    expect(ok.kind).toBe('multimodal_referencegame');
    expect(() => game.datasets.load({ name: 'v9' })).toThrow(DatasetError);
    expect(() => game.datasets.load({ name: 'v1.6', subset: 'grids' })).toThrow(/one subset, "all"/);
    expect(() => game.datasets.load({ name: 'x', file: file('bad.json', '{"experiments": [') })).toThrow(/not JSON/);
    expect(() => game.datasets.load({ name: 'x', file: file('none.json', { games: [] }) })).toThrow(/no "experiments" list/);
    const broken = (name: string, patch: Record<string, unknown>) => game.datasets.load({ name: 'x', file: file(name, { experiments: [{ name: 'e', game_instances: [{ ...raw, ...patch }] }] }) });
    expect(() => broken('target.json', { target_image_name: 'first' })).toThrow(/e\/4 has no target_image_name/);
    expect(() => broken('image.json', { player_2_third_image: undefined })).toThrow(/has no text field player_2_third_image/);
    expect(() => broken('header.json', { player_2_prompt_header: 'Which image?' })).toThrow(/without TARGET_EXPRESSION/);
    expect(() => broken('groups.json', { player_2_response_pattern: '^answer:\\s(first|second|third)' })).toThrow(/without the group\(s\) content, remainder/);
    expect(() => broken('regex.json', { player_1_response_pattern: '^expression:(?P<remainder>' })).toThrow(/cannot be compiled/);
    expect(() => game.datasets.load({ name: 'x', file: file('twice.json', { experiments: [{ name: 'e', game_instances: [raw, raw] }] }) })).toThrow(/e\/4 appears twice/);
  });
});

describe('multimodal_referencegame messages', () => {
  it('sends each player one message: its header, then its three images; the follower gets the whole reply for TARGET_EXPRESSION', async () => {
    const row = bundled('ADE_static_target_images/23');
    const p = payloadOf('ADE_static_target_images/23');
    const reply = 'Expression: The kitchen with the red kettle.';
    const d = await drive(row, (seat) => (seat === 'describer' ? reply : 'Answer: third'));
    expect(d.sent.map((s) => s.seat)).toEqual(['describer', 'follower']);
    expect(d.sent.map((s) => s.messages.length)).toEqual([1, 1]);
    expect(asLogged(d.sent[0]!.messages[0]!)).toEqual({ role: 'user', content: p.player_1_prompt_header, image: [p.player_1_first_image, p.player_1_second_image, p.player_1_third_image] });
    expect(asLogged(d.sent[1]!.messages[0]!)).toEqual({
      role: 'user',
      content: p.player_2_prompt_header.replace('TARGET_EXPRESSION', reply),
      image: [p.player_2_first_image, p.player_2_second_image, p.player_2_third_image],
    });
    expect(p.player_1_prompt_header).toContain('The first image is a distractor, the second image is the target, and the third image is a distractor.');
    // Every image part is the stored image the core found for that name.
    const parts = d.sent.flatMap((s) => s.messages[0]!.content as ContentPart[]).filter((x) => x.type === 'image');
    expect(parts.map((x) => (x.type === 'image' ? x.ref : ''))).toEqual(provided(game, 'images').of(row, game.settings.parse({})).map((n) => `media:${sha256hex(n)}`));
    // The prompt events carry the same parts, so transcripts show what each player saw.
    const prompts = d.events.filter((e) => e.kind === 'prompt');
    expect(prompts.map((e) => [e.to, e.parts?.length])).toEqual([['describer', 4], ['follower', 4]]);
    expect(d.result.outcome).toBe('success');
    expect(provided(game, 'text-transcript')(d.events, game.settings.parse({})).filter((l) => l.includes('[image'))).toHaveLength(6);
  });
});

describe('multimodal_referencegame scores (hand-computed)', () => {
  const row = bundled('line_grids_rows/0'); // target: first
  const play = (describer: string, follower: string, settings: unknown = {}) => drive(row, (seat) => (seat === 'describer' ? describer : follower), settings);
  const PLAYED = { request_count: 2, parsed_request_count: 2, violated_request_count: 0, request_success_ratio: 1, describerabort_cause: 0, followerabort_cause: 0 };

  it('success: the answer names the target', async () => {
    const d = await play('Expression: The top row is full.', 'Answer: first');
    expect(d.result.outcome).toBe('success');
    // "The top row is full." is 20 characters and 5 space-separated tokens.
    expect(flat(d.result.scores)).toEqual({ ...PLAYED, played: 1, main_score: 100, success: 1, lose: 0, describerexpression_length: 20, describerexpression_tokens: 5 });
  });

  it('failure: another position, by any of its names; the answer is lower-cased before the test', async () => {
    const d = await play('Expression: The top row is full.', 'Answer: 2nd');
    expect(d.result.outcome).toBe('failure');
    expect(flat(d.result.scores)).toEqual({ ...PLAYED, played: 1, main_score: 0, success: 0, lose: 1, describerexpression_length: 20, describerexpression_tokens: 5 });
    expect((await play('Expression: x', 'ANSWER: FIRST')).result.outcome).toBe('success');
    expect((await play('Expression: x', 'Answer: 1st')).result.outcome).toBe('success');
  });

  it("counts a follower reply with extra text as parsed, as the scorer's liberal re-match does", async () => {
    const d = await play('Expression: The top row is full.', 'Answer: first\nThe top row is the only full one.');
    expect(d.result.outcome).toBe('success');
    expect(flat(d.result.scores)).toMatchObject({ played: 1, parsed_request_count: 2, main_score: 100 });
    const reply = d.events.find((e) => e.from === 'follower')!;
    expect([reply.valid, reply.flags]).toEqual([true, ['extra_text']]);
  });

  it('aborts at the describer without the tag or with a second line', async () => {
    for (const describer of ['The top row is full.', 'Expression: The top row\nis full.']) {
      const d = await play(describer, 'Answer: first');
      expect(d.sent).toHaveLength(1);
      expect(d.result.outcome).toBe('aborted');
      expect(flat(d.result.scores)).toEqual({ played: 0, request_count: 1, parsed_request_count: 0, violated_request_count: 1, request_success_ratio: 0, describerabort_cause: 1, followerabort_cause: 0, success: 0, lose: 1 });
    }
  });

  it('aborts at the follower when no answer starts the reply', async () => {
    const d = await play('Expression: The top row is full.', 'The answer is first.');
    expect(d.result.outcome).toBe('aborted');
    expect(flat(d.result.scores)).toEqual({ played: 0, request_count: 2, parsed_request_count: 1, violated_request_count: 1, request_success_ratio: 0.5, describerabort_cause: 0, followerabort_cause: 1, success: 0, lose: 1, describerexpression_length: 20, describerexpression_tokens: 5 });
  });

  it('v1.6 strips the reply before matching and measures the content; a717f23 matches it as is and measures the whole reply', async () => {
    const padded = '  Expression: The top row.  \n';
    const v = await play(padded, 'Answer: first');
    expect(v.result.outcome).toBe('success');
    expect(scoreOf(v.result.scores, 'expression_length', 'describer')).toBe(12); // "The top row."
    expect((await play(padded, 'Answer: first', { rules: 'a717f23' })).result.outcome).toBe('aborted');
    const a = await play('Expression: The top row is full.', 'Answer: first', { rules: 'a717f23' });
    expect(scoreOf(a.result.scores, 'expression_length', 'describer')).toBe(32);
    expect(scoreOf(a.result.scores, 'expression_tokens', 'describer')).toBe(6);
    // The follower still gets the whole reply in both.
    expect(asLogged(v.sent[1]!.messages[0]!).content).toContain(`\n\n${padded}\nQuestion:`);
  });
});

describe('multimodal_referencegame built-in players, registration and estimate', () => {
  it('is registered and describes itself soundly', () => {
    expect(gameProblems(game as never)).toEqual([]);
    expect(gameById('multimodal_referencegame')).toBe(game);
    expect(game.roles.map((r) => r.id)).toEqual(gameById('referencegame').roles.map((r) => r.id));
    expect(game.settings.repetitions).toBe(1);
  });

  it('the reference players solve every bundled instance by the images\' names', async () => {
    for (const instance of v16.instances) {
      const d = await drive(rowOf(instance), (seat, messages) => MM_REF_BUILTINS[seat]!(messages));
      expect([instance.key, d.result.outcome]).toEqual([instance.key, 'success']);
    }
    const d = await drive(bundled('DOCCI_static_target_images/19'), (seat, messages) => MM_REF_BUILTINS[seat]!(messages));
    expect(d.events.find((e) => e.from === 'describer')!.text).toBe('Expression: the image 32.jpg');
  });

  it('without image names they still reply in form, deterministically', () => {
    const header = payloadOf('CLEVR_images/2').player_1_prompt_header;
    const nameless = (text: string): ChatMessage[] => [{ role: 'user', content: [{ type: 'text', text }, { type: 'image', ref: 'media:x', mime: 'image/png' }] }];
    const said = MM_REF_BUILTINS.describer!(nameless(header));
    expect(said).toMatch(/^Expression: the (first|second|third) image I was shown$/);
    expect(MM_REF_BUILTINS.describer!(nameless(header))).toBe(said);
    expect(MM_REF_BUILTINS.follower!(nameless(payloadOf('CLEVR_images/2').player_2_prompt_header.replace('TARGET_EXPRESSION', said)))).toBe('Answer: first');
    expect(MM_REF_BUILTINS.follower!([{ role: 'user', content: 'Expression: the image 9.jpg' }])).toBe('Answer: first');
  });

  it('the transcript view finds each player\'s three images, marks the target in both, and reads replies and verdict', async () => {
    const d = await drive(bundled('ADE_static_target_images/23'), (seat, messages) => MM_REF_BUILTINS[seat]!(messages));
    const view = mmEpisodeOf(d.events.map((e, i) => ({ ...e, id: i + 1, callId: null })));
    const p = payloadOf('ADE_static_target_images/23');
    expect(view.describerImages.map((x) => [x.label, x.part.name, x.target])).toEqual([
      ['First', p.player_1_first_image, false],
      ['Second', p.player_1_second_image, true],
      ['Third', p.player_1_third_image, false],
    ]);
    expect(view.followerImages.map((x) => x.target)).toEqual([false, false, true]);
    expect(view.verdict?.kind).toBe('correct');
    expect(view.describer?.text).toBe('Expression: the image 32.jpg');
  });

  it('estimates three images of ~765 tokens per player message', () => {
    const e = game.estimate(game.settings.parse({}), 'multimodal_referencegame');
    expect(e.describer).toEqual({ calls: 1, inputTokens: 120 + 3 * 765, outputTokens: 100 });
    expect(e.follower).toEqual({ calls: 1, inputTokens: 120 + 100 + 3 * 765, outputTokens: 100 });
  });
});
