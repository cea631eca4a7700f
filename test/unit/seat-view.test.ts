/**
 * Seat views (`core/seat-view.ts`): the steps between a seat's view and a call's messages, written by
 * hand for each kind of change the games make, and views rebuilt from events alone.
 */
import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../shared/contract/content';
import type { EventRecord } from '../../electron/engine/core/events';
import { answeredPrompts, applyStep, callViews, seatOfMessage, SeatViewError, seatView, stepsTo, storedContent, withSteps, type ViewStep } from '../../electron/engine/core/seat-view';
import { TurnKit, type ProbeOutcome } from '../../electron/engine/core/turn-kit';
import type { ChatMessage } from '../../electron/engine/players/types';
import { testKit } from '../support/kit';

const user = (content: ChatMessage['content']): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });
const system = (content: string): ChatMessage => ({ role: 'system', content });
const image = (name: string): ContentPart => ({ type: 'image', ref: `media:${name.padEnd(64, '0')}`, mime: 'image/png', name });

/** An event as a test writes it: only what views read, the rest left empty. */
function event(idx: number, e: Partial<EventRecord> & Pick<EventRecord, 'kind'>): EventRecord {
  return { idx, round: 1, from: null, to: null, text: null, parts: null, action: null, valid: null, flags: [], callId: null, latencyMs: null, inputTokens: null, outputTokens: null, ...e };
}

describe('the steps from a view to the messages of a call', () => {
  it('appends what is new: a first call, then a reply and the next user turn', () => {
    expect(stepsTo([], [system('be brief'), user('hello')])).toEqual([{ message: system('be brief') }, { message: user('hello') }]);
    expect(stepsTo([system('be brief'), user('hello'), assistant('hi')], [system('be brief'), user('hello'), assistant('hi'), user('and now?')])).toEqual([{ message: user('and now?') }]);
  });

  it('records nothing when the call sends the view as it is', () => {
    expect(stepsTo([user('a'), assistant('b')], [user('a'), assistant('b')])).toEqual([]);
  });

  it('starts a new conversation (keep 0) when nothing of the view is sent again, as EDA asks its judge', () => {
    expect(stepsTo([user('Q1 about the oar'), assistant('No.')], [user('Q2 about the oar')])).toEqual([{ message: user('Q2 about the oar'), keep: 0 }]);
  });

  it('keeps a common system line and replaces what follows it', () => {
    expect(stepsTo([system('judge'), user('order ab'), assistant('[[A]]')], [system('judge'), user('order ba')])).toEqual([{ message: user('order ba'), keep: 1 }]);
  });

  it('replaces a reply the game rewrote in place (at), then appends', () => {
    const view = [user('start'), assistant(' Is it alive? ')];
    expect(stepsTo(view, [user('start'), assistant('Is it alive?'), user('Yes.')])).toEqual([{ message: assistant('Is it alive?'), at: 1 }, { message: user('Yes.') }]);
  });

  it('replaces a message whose image the seat forgot, keeping the rest (cheaper than cutting back)', () => {
    const first = user([{ type: 'text', text: 'room 1' }, image('r1')]);
    const view = [first, assistant('GO: north')];
    const messages = [user('room 1'), assistant('GO: north'), user([{ type: 'text', text: 'room 2' }, image('r2')])];
    const steps = stepsTo(view, messages);
    expect(steps).toEqual([{ message: user('room 1'), at: 0 }, { message: messages[2] }]);
    expect(withSteps(view, steps)).toEqual(messages);
  });

  it('cuts back over refused replies and their corrections, as AGE resends its accepted reply only', () => {
    const view = [user('T1'), assistant('bad'), user('fix it'), assistant('good')];
    const messages = [user('T1'), assistant('good'), user('T2')];
    const steps = stepsTo(view, messages);
    expect(steps).toEqual([{ message: assistant('good'), keep: 1 }, { message: user('T2') }]);
    expect(withSteps(view, steps)).toEqual(messages);
  });

  it('sends the last message again when the conversation only shrank', () => {
    const steps = stepsTo([user('same question'), assistant('Yes.')], [user('same question')]);
    expect(steps).toEqual([{ message: user('same question'), keep: 0 }]);
  });

  it('tells a text part from the same text as a string, and an image from another', () => {
    expect(stepsTo([user('hi')], [user([{ type: 'text', text: 'hi' }])])).toHaveLength(1);
    expect(stepsTo([user([image('a')])], [user([image('a')])])).toEqual([]);
    expect(stepsTo([user([image('a')])], [user([image('b')])])).toHaveLength(1);
  });

  it('refuses a call with no message', () => {
    expect(() => stepsTo([], [])).toThrow(SeatViewError);
  });
});

describe('steps applied to a view', () => {
  it('appends, replaces at an index, keeps the first n', () => {
    const view: ChatMessage[] = [user('a'), assistant('b'), user('c')];
    applyStep(view, { message: assistant('B'), at: 1 });
    expect(view).toEqual([user('a'), assistant('B'), user('c')]);
    applyStep(view, { message: user('d'), keep: 1 });
    expect(view).toEqual([user('a'), user('d')]);
    applyStep(view, { message: assistant('e') });
    expect(view).toEqual([user('a'), user('d'), assistant('e')]);
  });

  it('refuses a step the view cannot take: a broken record', () => {
    const steps: ViewStep[] = [{ message: user('x'), at: 2 }, { message: user('x'), keep: 3 }, { message: user('x'), at: -1 }];
    for (const step of steps) expect(() => applyStep([user('a'), user('b')], step)).toThrow(SeatViewError);
  });
});

describe('views rebuilt from events', () => {
  const events: EventRecord[] = [
    event(1, { kind: 'prompt', to: 'guesser', text: 'Start.', message: 'user' }),
    event(2, { kind: 'response', from: 'guesser', to: 'judge', text: ' Is it alive?', message: 'assistant' }),
    event(3, { kind: 'prompt', to: 'judge', text: 'Oar: Is it alive?', message: 'user' }),
    event(4, { kind: 'response', from: 'judge', to: 'guesser', text: 'No.', message: 'assistant' }),
    event(5, { kind: 'system', to: 'guesser', text: 'a decision of the rules' }),
    event(6, { kind: 'prompt', to: 'guesser', text: 'Is it alive?', message: 'assistant', keep: 1 }),
    event(7, { kind: 'prompt', to: 'guesser', text: 'No.', message: 'user' }),
    event(8, { kind: 'response', from: 'guesser', to: 'judge', text: 'Is it a tool?', message: 'assistant' }),
    event(9, { kind: 'prompt', to: 'judge', text: 'Oar: Is it a tool?', message: 'user', keep: 0 }),
    event(10, { kind: 'reprompt', to: 'judge', text: 'Answer yes or no.', message: 'user' }),
  ];

  it('a reply is in its own seat’s view, anything else in the view of the seat it was sent to', () => {
    expect(events.map(seatOfMessage)).toEqual(['guesser', 'guesser', 'judge', 'judge', null, 'guesser', 'guesser', 'guesser', 'judge', 'judge']);
  });

  it('each seat’s view now, and at an earlier point', () => {
    expect(seatView(events, 'guesser')).toEqual([user('Start.'), assistant('Is it alive?'), user('No.'), assistant('Is it a tool?')]);
    expect(seatView(events, 'judge')).toEqual([user('Oar: Is it a tool?'), user('Answer yes or no.')]);
    expect(seatView(events, 'guesser', 4)).toEqual([user('Start.'), assistant(' Is it alive?')]);
    expect(seatView(events, 'nobody')).toEqual([]);
  });

  it('the view each reply answered', () => {
    const views = callViews(events);
    expect([...views.keys()]).toEqual([2, 4, 8]);
    expect(views.get(8)).toEqual([user('Start.'), assistant('Is it alive?'), user('No.')]);
    expect(views.get(4)).toEqual([user('Oar: Is it alive?')]);
  });

  it('content given as parts comes back as the same parts; text as text', () => {
    const parts: ContentPart[] = [{ type: 'text', text: 'two' }, { type: 'text', text: 'lines' }, image('p')];
    expect(storedContent(parts)).toEqual({ text: 'two\nlines', parts });
    expect(storedContent('plain')).toEqual({ text: 'plain', parts: null });
    const e = event(1, { kind: 'prompt', to: 'viewer', message: 'user', ...storedContent(parts) });
    expect(seatView([e], 'viewer')).toEqual([user(parts)]);
  });

  it('events before schema 16 (no message role) give no view', () => {
    const old = [event(1, { kind: 'prompt', to: 'describer', text: 'grids' }), event(2, { kind: 'response', from: 'describer', text: 'Expression: x' })];
    expect(seatView(old, 'describer')).toEqual([]);
    expect(callViews(old).size).toBe(0);
  });

  it('the prompts each seat answered: the last one before its reply, and one left unanswered', () => {
    const simul = [
      event(1, { kind: 'prompt', to: 'a', text: 'system line', message: 'system' }),
      event(2, { kind: 'prompt', to: 'a', text: 'ls', message: 'user' }),
      event(3, { kind: 'response', from: 'a', text: 'out', message: 'assistant' }),
      event(4, { kind: 'prompt', to: 'judge', text: 'rate it', message: 'user' }),
    ];
    expect([...answeredPrompts(simul)].sort()).toEqual([2, 4]);
  });
});

describe('the turn kit records what it sends', () => {
  it('every message of a call is an event, and the view rebuilt from them is what the seat got', async () => {
    const sent: ChatMessage[][] = [];
    const kit = testKit({ answer: (_seat, messages) => (sent.push([...messages]), sent.length === 1 ? 'nonsense' : 'OK: fine') });
    const reply = await kit.ask('player', {
      round: 1,
      messages: [system('rules'), user('go')],
      temperature: 0,
      maxTokens: 10,
      parse: (text) => (text.startsWith('OK') ? { ok: true, action: text } : { ok: false, reason: 'no OK' }),
      reprompt: { attempts: 1, message: () => 'Say OK.' },
    });
    expect(reply.ok).toBe(true);
    expect(kit.events.map((e) => [e.kind, e.message])).toEqual([['prompt', 'system'], ['prompt', 'user'], ['response', 'assistant'], ['reprompt', 'user'], ['response', 'assistant']]);
    const views = callViews(kit.events);
    expect([...views.values()]).toEqual(sent);
    // Asked again with its own reply rewritten: the rewrite is recorded in place of the reply.
    await kit.ask('player', { round: 2, messages: [system('rules'), user('go'), assistant('OK'), user('more')], temperature: 0, maxTokens: 10, parse: (text) => ({ ok: true, action: text }) });
    expect(kit.events.slice(5).map((e) => [e.kind, e.message, e.keep ?? e.at ?? null, e.text])).toEqual([
      ['prompt', 'assistant', 2, 'OK'],
      ['prompt', 'user', null, 'more'],
      ['response', 'assistant', null, 'OK: fine'],
    ]);
    expect([...callViews(kit.events).values()].at(-1)).toEqual(sent.at(-1));
  });

  it('a resumed episode records nothing twice', async () => {
    const first = testKit({ answer: () => 'one' });
    await first.ask('p', { round: 1, messages: [user('a')], temperature: 0, maxTokens: 5, parse: (t) => ({ ok: true, action: t }) });
    const again = testKit({ answer: () => 'two', prior: first.events });
    await again.ask('p', { round: 2, messages: [user('a'), assistant('one'), user('b')], temperature: 0, maxTokens: 5, parse: (t) => ({ ok: true, action: t }) });
    expect(again.events.filter((e) => e.kind === 'prompt').map((e) => e.text)).toEqual(['a', 'b']);
  });

  it('a probe stores what it asked beyond the seat’s view; nothing of it enters the events', async () => {
    const probes: ProbeOutcome[] = [];
    const reply = async (text: string) => ({ text, inputTokens: null, outputTokens: null, latencyMs: 0, callId: null });
    const kit = new TurnKit(
      { call: () => reply('Q1'), aside: () => reply('1. oar'), recordProbe: (p) => probes.push(p), append: () => {}, putMedia: () => 'media:none', image: () => ({ ref: 'media:none', mime: 'image/png' }), humanSeats: new Set(), seed: 0 },
      [],
    );
    await kit.ask('g', { round: 1, messages: [user('start')], temperature: 0, maxTokens: 5, parse: (t) => ({ ok: true, action: t }) });
    const before = kit.events.length;
    const messages = [user('start'), assistant('Q1'), user('No.'), assistant('My top 5:')];
    await kit.probe('g', { round: 2, kind: 'top5', messages, temperature: 0, maxTokens: 5, parse: (t) => t });
    expect(kit.events.length).toBe(before);
    const request = probes[0]!.request!;
    expect(request.viewEvents).toBe(before);
    expect(request.steps).toEqual([{ message: user('No.') }, { message: assistant('My top 5:') }]);
    expect(withSteps(seatView(kit.events, 'g', request.viewEvents), request.steps)).toEqual(messages);
  });
});
