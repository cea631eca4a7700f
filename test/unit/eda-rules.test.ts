import { describe, expect, it } from 'vitest';
import { fillTemplate, judgeLabel, mentionsEntity, parseEntityLine, rewriteQuestion } from '../../electron/engine/games/eda/rules';

describe('parseEntityLine', () => {
  it('splits aliases on | and trims them', () => {
    expect(parseEntityLine('Yoga mat | Mat')).toEqual({ name: 'Yoga mat', aliases: ['Yoga mat', 'Mat'] });
    expect(parseEntityLine('Printer')).toEqual({ name: 'Printer', aliases: ['Printer'] });
  });
});

describe('mentionsEntity (Bingo rule)', () => {
  it('matches whole words, case-insensitively', () => {
    expect(mentionsEntity('Is it a printer?', ['Printer'])).toBe(true);
    expect(mentionsEntity('IS IT A BALD EAGLE', ['Bald eagle'])).toBe(true);
    expect(mentionsEntity('Printer', ['Printer'])).toBe(true);
  });
  it('does not match inside longer words', () => {
    expect(mentionsEntity('Is it a printers?', ['Printer'])).toBe(false);
    expect(mentionsEntity('Is it a keyboard?', ['Key'])).toBe(false);
    expect(mentionsEntity('Is it a puzzle?', ['Jigsaw puzzle'])).toBe(false);
  });
  it('accepts any alias', () => {
    expect(mentionsEntity('Is it a mat?', ['Yoga mat', 'Mat'])).toBe(true);
    expect(mentionsEntity('Is the celebrity Dwayne Johnson?', ['Dwayne "The Rock" Johnson', 'Dwayne Johnson'])).toBe(true);
  });
  it('treats accented letters as word characters and matches composed and decomposed forms', () => {
    expect(mentionsEntity('Is it Beyoncé?', ['Beyoncé'])).toBe(true);
    expect(mentionsEntity('Is it Beyonce\u0301?', ['Beyoncé'])).toBe(true);
    expect(mentionsEntity('Is it Beyoncés?', ['Beyoncé'])).toBe(false);
    expect(mentionsEntity('Is it Émile?', ['mile'])).toBe(false);
  });
  it('matches aliases literally, not as regular expressions', () => {
    expect(mentionsEntity('Is it J.K. Rowling?', ['J.K. Rowling'])).toBe(true);
    expect(mentionsEntity('Is it JxKx Rowling?', ['J.K. Rowling'])).toBe(false);
  });
});

describe('judgeLabel', () => {
  it.each([
    ['Yes.', 'yes'],
    ['yes', 'yes'],
    [' No.', 'no'],
    ['Maybe.', 'maybe'],
    ['Dunno.', 'dunno'],
    ['"Yes."', 'yes'],
    ['Yes, it is.', 'yes'],
    ['Nope', 'other'],
    ['Not really', 'other'],
    ['Bingo!', 'other'],
    ['I cannot say', 'other'],
    ['', 'other'],
  ])('%j → %s', (raw, label) => {
    expect(judgeLabel(raw)).toBe(label);
  });
});

describe('rewriteQuestion', () => {
  it("removes the reference code's thinking-of phrases", () => {
    expect(rewriteQuestion("Is the entity you're thinking of alive?")).toBe('Is it alive?');
    expect(rewriteQuestion('Is the celebrity you are thinking of male?')).toBe('Is the celebrity male?');
    expect(rewriteQuestion("  Is the person you're thinking of tall?  ")).toBe('Is the person tall?');
  });
  it('leaves other text (and typographic apostrophes) alone', () => {
    expect(rewriteQuestion('Is the celebrity you’re thinking of alive?')).toBe('Is the celebrity you’re thinking of alive?');
  });
});

describe('fillTemplate', () => {
  it('fills every placeholder once and leaves braces in the question alone', () => {
    expect(fillTemplate('{entity}: {question} / {entity}', { entity: 'Oar', question: 'Is it {entity}?' })).toBe('Oar: Is it {entity}? / Oar');
  });
});
