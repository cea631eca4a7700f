/** Transcripts (issue 17): the pure parts — turn stats, neighbours, hints in place, snippets, keys. */
import { describe, expect, it } from 'vitest';
import { hintsOf, neighboursOf, replyText, turnStats, turnView } from '../../electron/engine/api/transcripts';
import { groupByRun, snippet } from '../../electron/engine/api/transcript-handlers';
import type { EventRow } from '../../electron/engine/core/events';
import type { CallRow } from '../../electron/engine/store/models';
import { latencyText, placeHints, turnStatsText } from '../../renderer/src/components/turn-text';
import { stepKey } from '../../renderer/src/pages/episode-steps';

const event = (over: Partial<EventRow> = {}): EventRow => ({
  id: 1, episodeId: 1, idx: 2, round: 1, from: 'guesser', to: 'judge', kind: 'response', text: 'Is it alive?', parts: null, action: null, valid: true, flags: [],
  callId: 7, latencyMs: 1284.6, inputTokens: 380, outputTokens: 32, createdAt: '2026-01-01T00:00:00Z', ...over,
});

const call = (over: Partial<CallRow>): CallRow => ({
  id: 1, runId: 1, episodeId: 1, round: 2, role: 'hint', modelConfigId: 1, attempt: 1, request: { model: 'gpt-x' }, response: { text: 'Is it a tool? ' }, status: 'ok',
  httpStatus: 200, errorKind: null, error: null, latencyMs: 10, inputTokens: 1, outputTokens: 1, startedAt: '', cached: false, batchId: null, cachedInputTokens: null, cacheWriteTokens: null, ...over,
});

describe('per-turn tokens and latency', () => {
  it('adds input and output tokens and keeps the latency; no call, nothing measured → none', () => {
    expect(turnStats(event())).toEqual({ tokens: 412, latencyMs: 1284.6 });
    expect(turnStats(event({ inputTokens: null, outputTokens: null }))).toEqual({ tokens: null, latencyMs: 1284.6 });
    expect(turnStats(event({ callId: null, latencyMs: null, inputTokens: null, outputTokens: null }))).toBeNull();
  });

  it('reads "412 tok · 1.3 s", rounded', () => {
    expect(turnStatsText({ tokens: 412, latencyMs: 1284.6 })).toBe('412 tok · 1.3 s');
    expect(turnStatsText({ tokens: 12345, latencyMs: null })).toBe('12,345 tok');
    expect(turnStatsText({ tokens: null, latencyMs: null })).toBeNull();
    expect(turnStatsText(null)).toBeNull();
    expect([latencyText(412.4), latencyText(960), latencyText(12_400), latencyText(125_000)]).toEqual(['412 ms', '1.0 s', '12 s', '2 min 5 s']);
  });

  it("a person's reply is typed by them: no model call to open, no stats", () => {
    const people = new Map([['guesser', 'ada']]);
    expect(turnView(event(), people)).toMatchObject({ callId: null, turn: null, typedBy: 'ada' });
    expect(turnView(event({ from: 'judge' }), people)).toMatchObject({ callId: 7, turn: { tokens: 412 }, typedBy: null });
  });
});

describe('hints', () => {
  it('are the successful hint calls, with their text, in the order asked', () => {
    const calls = [call({ id: 1, role: 'judge' }), call({ id: 2, status: 'error' }), call({ id: 3 }), call({ id: 4, round: 3, response: { choices: [{ message: { content: 'Is it red?' } }] } })];
    expect(hintsOf(calls)).toEqual([{ round: 2, model: 'gpt-x', text: 'Is it a tool?' }, { round: 3, model: 'gpt-x', text: 'Is it red?' }]);
    expect(replyText({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toBe('ab');
    expect(replyText(null)).toBe('');
  });

  it('go before the reply of the round they were asked in; a round not answered yet puts them at the end', () => {
    const events = [{ idx: 1, round: 1, typedBy: null }, { idx: 2, round: 1, typedBy: 'ada' }, { idx: 3, round: 2, typedBy: null }, { idx: 4, round: 2, typedBy: 'ada' }];
    const placed = placeHints(events, [{ round: 2 }, { round: 3 }]);
    expect([...placed.at.entries()]).toEqual([[4, [{ round: 2 }]]]);
    expect(placed.end).toEqual([{ round: 3 }]);
  });
});

describe('previous and next', () => {
  it("follow the run's order, with the position", () => {
    expect(neighboursOf([5, 3, 9], 3)).toEqual({ previous: 5, next: 9, position: 2, total: 3 });
    expect(neighboursOf([5, 3, 9], 5)).toEqual({ previous: null, next: 3, position: 1, total: 3 });
    expect(neighboursOf([5, 3, 9], 9)).toMatchObject({ previous: 3, next: null });
  });

  it('step with [ ] or k j, never while typing in a field or with a modifier', () => {
    const key = (k: string, tagName = 'BODY', mods = {}) => stepKey({ key: k, altKey: false, ctrlKey: false, metaKey: false, target: { tagName }, ...mods });
    expect([key('['), key('k'), key(']'), key('j'), key('x')]).toEqual(['previous', 'previous', 'next', 'next', null]);
    expect([key(']', 'INPUT'), key('j', 'TEXTAREA'), key('[', 'SELECT'), key(']', 'BODY', { ctrlKey: true })]).toEqual([null, null, null, null]);
  });
});

describe('search results', () => {
  it('a snippet around the first match, either case, cut at words', () => {
    const text = `${'lorem ipsum '.repeat(10)}Is it ALIVE or not? ${'dolor sit '.repeat(10)}`;
    const s = snippet(text, 'alive', 20);
    expect(s.match).toBe('ALIVE');
    expect(s.before.startsWith('…')).toBe(true);
    expect(s.after.endsWith('…')).toBe(true);
    expect(`${s.before}${s.match}${s.after}`.length).toBeLessThan(60);
    expect(snippet('Is it alive?', 'alive')).toEqual({ before: 'Is it ', match: 'alive', after: '?' });
  });

  it('group by run in the order found', () => {
    const row = (runId: number, episodeId: number) => ({ episodeId, runId, runName: null, game: 'eda', instance: 'Oar', repetition: 1, round: 1, from: 'guesser', text: 'alive', matches: 1 });
    const grouped = groupByRun([row(2, 10), row(2, 11), row(1, 3)], 'alive');
    expect(grouped.runs.map((r) => [r.runId, r.hits.map((h) => h.episodeId)])).toEqual([[2, [10, 11]], [1, [3]]]);
    expect(grouped.episodes).toBe(3);
  });
});
