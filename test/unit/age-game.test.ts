import { describe, expect, it } from 'vitest';
import { actionOf } from '../../electron/engine/core/events';
import { referencePlayer } from '../../electron/engine/games/age/builtins';
import { isLeak } from '../../electron/engine/games/age/match';
import { scoreGame, type AgeGame } from '../../electron/engine/games/age/metrics';
import { correctionPrompt, firstPrompt, laterPrompt, parseReply } from '../../electron/engine/games/age/prompts';
import { AgeSettingsSchema } from '../../electron/engine/games/age/settings';
import { drive, episodeScores, say, script, seatScores, UNLISTED_INSTANCE, UNLISTED_SEATS } from './age-game.driver';

const RULES = [
  'Every player has a secret word. Some players share the same word; the others have a different word that is similar to it. Nobody knows who has which word.',
  'The players speak in turn, for at most 5 rounds. On your turn:',
  '1. Describe your secret word in one sentence, without naming it or any form of it (such as its plural). Give a new clue each time.',
  '2. Guess the word of the players whose word differs from yours: one word or short phrase, or "none" if you cannot tell yet.',
  'Try to find the other word quickly, and describe yours so that it is not easy to find.',
  'The game ends when each secret word has been guessed by a player who does not have it, or after round 5.',
].join('\n');
const FORMAT = 'DESCRIPTION: <one sentence about your word>\nGUESS: <the other word, or none>';

/**
 * The hand-written game: a1 b1 a2 b2 (cake, bread, cake, bread). b2 names a synonym of its word
 * (leak); a2 guesses its own word; b1 guesses "Cake" at utterance 6 (round 2); a2 stays malformed
 * after its reprompt (no guess, description kept); a1 guesses "Bread" at utterance 9, which ends it.
 */
const GAME = script({
  a1: { 1: say('It is sweet and often covered in icing.', 'cookie'), 2: say('It is usually round.', 'toast'), 3: say('It sometimes has candles on it.', 'Bread') },
  b1: { 1: say('You can slice it and toast it.'), 2: say('It comes in many shapes at the bakery.', '"Cake"') },
  a2: { 1: say('People eat it at birthdays.', 'cake'), 2: ['I think it is a dessert.', 'DESCRIPTION: It is tall and layered.\nGUESS: bread, bun'] },
  b2: { 1: say('Fresh loaves smell wonderful in the morning.', 'muffin'), 2: say('It is made with yeast.') },
});

describe('AGE settings', () => {
  it('defaults: 5 rounds, utterance unit, exact synonyms, 1 reprompt, temperature 0, 150 tokens, age-1', () => {
    expect(AgeSettingsSchema.parse({})).toEqual({ groups: [2, 2], rounds: 5, unit: 'utterance', synonymMatch: 'exact', synonyms: {}, rejected: {}, reprompts: 1, temperature: 0, maxTokens: 150, promptVersion: 'age-1' });
    expect(() => AgeSettingsSchema.parse({ promptVersion: 'age-2' })).toThrow();
  });
});

describe('AGE prompts', () => {
  it('round 1: the rules, the word, what was said before the seat, the format', async () => {
    const { sent } = await drive(GAME);
    expect(sent[0]!.messages).toEqual([
      { role: 'user', content: `Let's play a word game with 4 players, Player 1 to Player 4. You are Player 1.\n\n${RULES}\n\nYour secret word is: cake\n\nNobody has spoken yet: you go first.\n\nRound 1 of 5: your turn. Answer in exactly two lines:\n${FORMAT}` },
    ]);
    expect(sent[2]!.messages[0]!.content).toBe(
      `Let's play a word game with 4 players, Player 1 to Player 4. You are Player 3.\n\n${RULES}\n\nYour secret word is: cake\n\n` +
        'The conversation so far:\nPlayer 1 (round 1): It is sweet and often covered in icing.\nPlayer 1 guessed: cookie\n' +
        'Player 2 (round 1): You can slice it and toast it.\nPlayer 2 guessed: none\n\n' +
        `Round 1 of 5: your turn. Answer in exactly two lines:\n${FORMAT}`,
    );
    expect(firstPrompt({ players: 4, player: 3, rounds: 5, word: 'cake', heard: [] })).not.toMatch(/bread/);
  });

  it('round 2: the seat keeps its chat and hears what was said since its last turn', async () => {
    const { sent } = await drive(GAME);
    const second = sent.find((s, i) => i > 0 && s.seat === 'a1')!;
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.messages[1]!.content).toBe('DESCRIPTION: It is sweet and often covered in icing.\nGUESS: cookie');
    expect(second.messages[2]!.content).toBe(
      'Since your last turn:\nPlayer 2 (round 1): You can slice it and toast it.\nPlayer 2 guessed: none\n' +
        'Player 3 (round 1): People eat it at birthdays.\nPlayer 3 guessed: cake\n' +
        'Player 4 (round 1): Fresh loaves smell wonderful in the morning.\nPlayer 4 guessed: muffin\n\n' +
        `Round 2 of 5: your turn. Answer in exactly two lines:\n${FORMAT}`,
    );
    // No seat id (it could hint at a group), and the cake seats are never told "bread" (nobody said it before a1's last turn).
    for (const s of sent) for (const m of s.messages) expect(String(m.content)).not.toMatch(/\b[ab][12]\b/);
    for (const s of sent.filter((x) => x.seat.startsWith('a'))) for (const m of s.messages) expect(String(m.content)).not.toMatch(/bread/i);
  });
});

describe('AGE reply parser', () => {
  it('reads the two lines, any label case, "none" as no guess, wrapping quotes dropped', () => {
    expect(parseReply('DESCRIPTION: It is sweet.\nGUESS: bread')).toEqual({ ok: true, description: 'It is sweet.', guess: 'bread' });
    expect(parseReply('\n description:  It is sweet, e.g. at parties. \n\nGuess: None.\n')).toEqual({ ok: true, description: 'It is sweet, e.g. at parties.', guess: null });
    expect(parseReply('DESCRIPTION: x\nGUESS: "ice cream"')).toEqual({ ok: true, description: 'x', guess: 'ice cream' });
  });
  it.each([
    ['', 'the answer is empty'],
    ['It is sweet.\nGUESS: bread', 'no line starts with "DESCRIPTION:"'],
    ['DESCRIPTION: It is sweet.', 'no line starts with "GUESS:"'],
    ['GUESS: bread\nDESCRIPTION: It is sweet.', 'the DESCRIPTION line must come first and the GUESS line second'],
    ['Sure!\nDESCRIPTION: It is sweet.\nGUESS: bread', 'the DESCRIPTION line must come first and the GUESS line second'],
    ['DESCRIPTION: It is sweet.\nGUESS: bread\nGood luck!', 'it has 3 lines; write only the DESCRIPTION and GUESS lines'],
    ['DESCRIPTION: It is sweet. You eat it.\nGUESS: bread', 'the description has more than one sentence'],
    ['DESCRIPTION:\nGUESS: bread', 'the description is empty'],
    ['DESCRIPTION: It is sweet.\nGUESS:', 'the guess is empty (write "none" when you cannot tell)'],
    ['DESCRIPTION: It is sweet.\nGUESS: bread, bun', '"bread, bun" is more than one guess (give exactly one)'],
    ['DESCRIPTION: It is sweet.\nGUESS: bread or bun', '"bread or bun" is more than one guess (give exactly one)'],
    ['DESCRIPTION: It is sweet.\nGUESS: I think it is bread', 'the guess is not a word or short phrase (give only the word)'],
  ])('refuses %j: %s', (text, reason) => {
    const parsed = parseReply(text);
    expect(parsed).toMatchObject({ ok: false, reason });
  });
  it('keeps a valid description of a refused reply', () => {
    expect(parseReply('DESCRIPTION: It is tall.\nGUESS: a, b')).toEqual({ ok: false, reason: '"a, b" is more than one guess (give exactly one)', description: 'It is tall.' });
  });
});

describe('AGE game master', () => {
  it('records description, guess, correct and own-word; flags a leak (synonyms included)', async () => {
    const { events } = await drive(GAME);
    const replies = events.filter((e) => e.kind === 'response');
    expect(replies[0]!.action).toEqual({ description: 'It is sweet and often covered in icing.', guess: 'cookie', correct: false, ownWord: false, match: 'miss' });
    expect(replies[2]!.action).toMatchObject({ guess: 'cake', correct: false, ownWord: true });
    expect(replies[3]!.flags).toEqual(['leak']);
    expect(replies[5]!.action).toMatchObject({ guess: 'Cake', correct: true, ownWord: false });
    expect(replies.filter((e) => e.flags.includes('leak'))).toHaveLength(1);
  });

  it('reprompts once with a correction, then counts the turn as no guess and plays on', async () => {
    const { events } = await drive(GAME);
    const a2 = events.filter((e) => e.round === 2 && (e.to === 'a2' || e.from === 'a2'));
    expect(a2.map((e) => `${e.kind}:${e.valid}`)).toEqual(['prompt:null', 'response:false', 'reprompt:null', 'response:false', 'system:null']);
    expect(a2[2]!.text).toBe(correctionPrompt('no line starts with "DESCRIPTION:"'));
    expect(a2[4]!.action).toEqual({ seat: 'a2', noGuess: '"bread, bun" is more than one guess (give exactly one)', description: 'It is tall and layered.', guess: null, reply: 'DESCRIPTION: It is tall and layered.\nGUESS: bread, bun' });
    expect(a2[4]!.flags).toEqual(['no_guess']);
    expect(events.some((e) => actionOf(e).abort !== undefined)).toBe(false);
    // The next seat hears the kept description and no guess.
    const after = events.find((e) => e.kind === 'prompt' && e.to === 'b2' && e.round === 2)!;
    expect(after.text).toContain('Player 3 (round 2): It is tall and layered.\nPlayer 3 guessed: none');
  });

  it('a reprompted reply that is then valid is the turn', async () => {
    const { events, sent } = await drive(script({ b1: { 1: ['bread?', say('You can slice it.', 'pie')] } }), { rounds: 1 });
    expect(sent[2]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(events.filter((e) => e.from === 'b1').map((e) => e.valid)).toEqual([false, true]);
  });

  it('ends as soon as both words are guessed, with the reason', async () => {
    const { events, result } = await drive(GAME);
    const end = events.at(-1)!;
    expect(end.kind).toBe('system');
    expect(end.action).toEqual({ end: 'both_guessed', rounds: 3, utterances: 9 });
    expect(end.text).toBe('end: both secret words guessed (utterance 9, round 3)');
    expect(events.filter((e) => e.kind === 'prompt')).toHaveLength(9);
    expect(result.outcome).toBe('success');
  });

  it('otherwise ends after the round limit', async () => {
    const { events, result } = await drive(script({}), { rounds: 3 });
    expect(events.at(-1)!.action).toEqual({ end: 'round_limit', rounds: 3, utterances: 12 });
    expect(events.at(-1)!.text).toBe('end: 3 rounds played; never guessed: cake, bread');
    expect(result.outcome).toBe('failure');
    expect(episodeScores(result)).toEqual({ rounds: 3, utterances: 12, successful: 0, both_guessed: 0 });
  });

  it('both words guessed within two rounds: both_guessed but not a successful conversation', async () => {
    const { result } = await drive(script({ b1: { 1: say('You slice it.', 'cake') }, a2: { 1: say('It is sweet.', 'bread') } }));
    expect(episodeScores(result)).toEqual({ rounds: 1, utterances: 3, successful: 0, both_guessed: 1 });
    expect(result.outcome).toBe('failure');
  });

  it('resumes from a cut at any event exactly where it stopped', async () => {
    const full = await drive(GAME);
    for (let cut = 0; cut <= full.events.length; cut++) {
      const resumed = await drive(GAME, {}, full.events.slice(0, cut));
      expect(resumed.events, `cut after ${cut} events`).toEqual(full.events);
    }
  });
});

describe('AGE scoring', () => {
  it('scores the hand-written game as metrics.ts does (utterances: l = 9)', async () => {
    const { result } = await drive(GAME);
    expect(episodeScores(result)).toEqual({ rounds: 3, utterances: 9, successful: 1, both_guessed: 1 });
    const a1 = seatScores(result, 'a1');
    expect(a1.first_guess).toBe(9);
    expect(a1.comprehension).toBeCloseTo(0.30103, 5); // 1 / log2 10
    expect(a1.confusion).toBeCloseTo(0.778151, 5); // log10 6: b1 guessed cake at 6
    expect(a1.age).toBeCloseTo(0.43412, 5);
    const b1 = seatScores(result, 'b1');
    expect(b1.first_guess).toBe(6);
    expect(b1.comprehension).toBeCloseTo(0.356207, 5); // 1 / log2 7
    expect(b1.confusion).toBeCloseTo(0.954243, 5); // log10 9
    expect(b1.age).toBeCloseTo(0.518765, 5);
    // A successful conversation (three rounds, both words guessed): the filtered metrics repeat the three.
    expect(seatScores(result, 'a2')).toEqual({ comprehension: 0, confusion: a1.confusion, age: 0, leak: 0, comprehension_kept: 0, confusion_kept: a1.confusion, age_kept: 0 });
    expect(seatScores(result, 'b2')).toEqual({ comprehension: 0, confusion: b1.confusion, age: 0, leak: 1, comprehension_kept: 0, confusion_kept: b1.confusion, age_kept: 0 });

    // The same game written directly in metrics.ts's terms.
    const u = (seat: string, round: number, position: number, of?: string, correct = false, leak = false) => ({ seat, round, position, guesses: of ? [{ of, correct }] : [], leak });
    const game: AgeGame = {
      groups: [['a1', 'a2'], ['b1', 'b2']],
      utterances: [u('a1', 1, 1, 'b1'), u('b1', 1, 2), u('a2', 1, 3, 'b1'), u('b2', 1, 4, 'a1', false, true), u('a1', 2, 5, 'b1'), u('b1', 2, 6, 'a1', true), u('a2', 2, 7), u('b2', 2, 8), u('a1', 3, 9, 'b1', true)],
    };
    for (const row of scoreGame(game).seats) {
      expect(seatScores(result, row.seat)).toMatchObject({ comprehension: row.comprehension, confusion: row.confusion, age: row.age, leak: row.leaked ? 1 : 0 });
    }
  });

  it('reads f and l in rounds when the unit says so (l = 3)', async () => {
    const { result } = await drive(GAME, { unit: 'round' });
    expect(seatScores(result, 'a1')).toMatchObject({ first_guess: 3, comprehension: 0.5, confusion: 0.5, age: 0.5 });
    const b1 = seatScores(result, 'b1');
    expect(b1.first_guess).toBe(2);
    expect(b1.comprehension).toBeCloseTo(0.63093, 5); // 1 / log2 3
    expect(b1.confusion).toBeCloseTo(0.792481, 5); // log4 3
    expect(b1.age).toBeCloseTo(0.702538, 5);
  });
});

describe('AGE built-in player', () => {
  const builtin = (_seat: string, messages: Parameters<typeof referencePlayer>[0]) => referencePlayer(messages);

  it('plays a full 4-seat game in format; on a pair it cannot look up it never finds the word, so to the round limit', async () => {
    const { events, result } = await drive(builtin, {}, [], UNLISTED_SEATS, UNLISTED_INSTANCE);
    const replies = events.filter((e) => e.kind === 'response');
    expect(replies).toHaveLength(20);
    expect(replies.every((e) => e.valid === true && e.flags.length === 0)).toBe(true);
    expect(events.some((e) => e.kind === 'reprompt' || typeof actionOf(e).noGuess === 'string')).toBe(false);
    expect(events.at(-1)!.action).toEqual({ end: 'round_limit', rounds: 5, utterances: 20 });
    expect(result.outcome).toBe('failure');
  });

  it('guesses from round 2: another player\'s guess that is not its word, else a word of the descriptions', () => {
    const heard = [
      { player: 1, round: 1, description: 'You can toast it in the morning.', guess: null },
      { player: 3, round: 1, description: 'It is sweet.', guess: null },
    ];
    const first = firstPrompt({ players: 3, player: 2, rounds: 5, word: 'quill', heard: heard.slice(0, 1) });
    const reply1 = referencePlayer([{ role: 'user', content: first }]);
    expect(reply1).toBe('DESCRIPTION: It is something people often talk about when this topic comes up.\nGUESS: none');
    const later = laterPrompt({ round: 2, rounds: 5, heard: [heard[1]!, { ...heard[0]!, round: 2 }] });
    expect(referencePlayer([{ role: 'user', content: first }, { role: 'assistant', content: reply1 }, { role: 'user', content: later }])).toMatch(/GUESS: toast$/);
    const guessed = laterPrompt({ round: 2, rounds: 5, heard: [{ ...heard[1]!, guess: 'quill' }, { ...heard[0]!, round: 2, guess: 'bread' }] });
    expect(referencePlayer([{ role: 'user', content: first }, { role: 'assistant', content: reply1 }, { role: 'user', content: guessed }])).toMatch(/GUESS: bread$/);
  });

  it('on a bundled pair, names the other word from a round drawn per word, player and variant (2 to 5)', async () => {
    const { events, result } = await drive(builtin);
    const firsts = new Map<string, number>();
    for (const e of events) if (e.kind === 'response' && actionOf(e).correct === true && !firsts.has(e.from!)) firsts.set(e.from!, e.round);
    expect(firsts.size).toBeGreaterThan(0);
    expect([...firsts.values()].every((r) => r >= 2 && r <= 5)).toBe(true);
    expect(actionOf(events.at(-1)!).end).toBe('both_guessed');
    expect(result.scores.find((s) => s.metric === 'both_guessed')!.value).toBe(1);
    const variant = (v: string) => (_seat: string, messages: Parameters<typeof referencePlayer>[0]) => referencePlayer(messages, v);
    const rounds = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(async (v) => (await drive(variant(v))).events.at(-1)!.round));
    expect(new Set(rounds).size).toBeGreaterThan(1);
  });

  it('never names its own word', () => {
    const reply = referencePlayer([{ role: 'user', content: firstPrompt({ players: 2, player: 1, rounds: 5, word: 'people', heard: [] }) }]);
    expect(isLeak(reply, 'people')).toBe(false);
    expect(parseReply(reply).ok).toBe(true);
  });
});
