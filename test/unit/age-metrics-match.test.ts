import { describe, expect, it } from 'vitest';
import { isCorrectGuess, isLeak, jaro, jaroExceeds, normalise } from '../../electron/engine/games/age/match';

describe('jaro (plain, not Jaro–Winkler)', () => {
  it.each([
    ['MARTHA', 'MARHTA', 0.944444], // m 6, t 1: (1 + 1 + 5/6) / 3 = 17/18
    ['DIXON', 'DICKSONX', 0.766667], // m 4, t 0: (4/5 + 4/8 + 1) / 3 = 23/30
    ['JELLYFISH', 'SMELLYFISH', 0.896296], // m 8, t 0: (8/9 + 8/10 + 1) / 3
    ['CRATE', 'TRACE', 0.733333], // window 1: only r, a, e match: (3/5 + 3/5 + 1) / 3
    ['abcdef', 'bcadef', 0.944444], // T = 3 out-of-order positions, t = ⌊3/2⌋ = 1 (strcmp95, jellyfish)
  ])('%s / %s → %f', (a, b, value) => {
    expect(jaro(a, b)).toBeCloseTo(value, 6);
    expect(jaro(b, a)).toBeCloseTo(value, 6);
  });
  it('has no Winkler prefix bonus: "breakfast" / "bread" stays 0.748, not 0.849', () => {
    expect(jaro('breakfast', 'bread')).toBeCloseTo(0.748148, 6);
    expect(isCorrectGuess('breakfast', 'bread')).toBe(false);
  });
  it('is 1 for identical strings, 0 with no common letter', () => {
    expect(jaro('bread', 'bread')).toBe(1);
    expect(jaro('abc', 'xyz')).toBe(0);
  });
  it('empty strings: two are identical (1), one against a word shares nothing (0)', () => {
    expect(jaro('', '')).toBe(1);
    expect(jaro('', 'cake')).toBe(0);
    expect(jaro('cake', '')).toBe(0);
  });
  it('is case-sensitive on its own; normalise folds case and spaces', () => {
    expect(jaro('martha', 'MARTHA')).toBe(0);
    expect(normalise('  Ice \t  Cream\n')).toBe('ice cream');
  });
});

describe('jaroExceeds: strictly greater, whatever the last bit of the double', () => {
  it('exactly 0.8 does not pass ("ab" / "abxyz": (1 + 2/5 + 1) / 3)', () => {
    expect(jaroExceeds('ab', 'abxyz', 0.8)).toBe(false);
    expect(jaroExceeds('ab', 'abxyz', 0.799)).toBe(true);
  });
  it('0.8333 passes 0.8, identical strings pass anything below 1', () => {
    expect(jaroExceeds('bake', 'cake', 0.8)).toBe(true);
    expect(jaroExceeds('cake', 'cake', 0.999)).toBe(true);
    expect(jaroExceeds('cake', 'cake', 1)).toBe(false);
  });
});

describe('isCorrectGuess', () => {
  it('accepts the target after trimming, case folding and space collapsing', () => {
    expect(isCorrectGuess('  CAKE ', 'cake')).toBe(true);
    expect(isCorrectGuess('Ice    cream', 'ice cream')).toBe(true);
  });
  it('accepts spelling variants above 0.8 and rejects other words', () => {
    expect(isCorrectGuess('cakes', 'cake')).toBe(true); // (4/5 + 1 + 1) / 3 = 0.9333
    expect(isCorrectGuess('bread', 'cake')).toBe(false);
    // The paper's threshold is loose on short words: "bake" passes for "cake" (0.8333).
    expect(isCorrectGuess('bake', 'cake')).toBe(true);
  });
  it('a whole phrase is compared as one string', () => {
    expect(isCorrectGuess('chocolate cake', 'cake')).toBe(false);
  });
  it('synonyms match exactly by default, by Jaro when asked', () => {
    expect(isCorrectGuess('Sofa', 'couch', ['sofa', 'settee'])).toBe(true);
    expect(isCorrectGuess('sofas', 'couch', ['sofa', 'settee'])).toBe(false);
    expect(isCorrectGuess('sofas', 'couch', ['sofa'], { synonymMatch: 'jaro', threshold: 0.8 })).toBe(true);
  });
  it('an empty guess is never correct', () => {
    expect(isCorrectGuess('   ', 'cake', [''])).toBe(false);
  });
});

describe('isLeak', () => {
  it('finds the own word as a whole word, any case, plural tolerated', () => {
    expect(isLeak('It is a kind of Cake you share', 'cake')).toBe(true);
    expect(isLeak('CAKES are for birthdays', 'cake')).toBe(true);
    expect(isLeak('soft and cake-like', 'cake')).toBe(true);
  });
  it('ignores the word inside another word', () => {
    expect(isLeak('like a cupcake, or pancakes', 'cake')).toBe(false);
    expect(isLeak('a cakewalk', 'cake')).toBe(false);
  });
  it('knows -es and -ies plurals', () => {
    expect(isLeak('stacked boxes', 'box')).toBe(true);
    expect(isLeak('red berries', 'berry')).toBe(true);
    expect(isLeak('ripe tomatoes', 'tomato')).toBe(true);
  });
  it('checks synonyms and multi-word entries with flexible spacing', () => {
    expect(isLeak('a comfy SOFA', 'couch', ['sofa'])).toBe(true);
    expect(isLeak('I love ICE   CREAM', 'ice cream')).toBe(true);
    expect(isLeak('two ice creams', 'ice cream')).toBe(true);
    expect(isLeak('cold as ice', 'ice cream')).toBe(false);
  });
  it('escapes regex characters and sees non-ASCII word edges', () => {
    expect(isLeak('I write C++ daily', 'c++')).toBe(true);
    expect(isLeak('un café noir', 'café')).toBe(true);
    expect(isLeak('cafés', 'café')).toBe(true);
    expect(isLeak('décafé', 'café')).toBe(false);
  });
  it('is false for a clean description', () => {
    expect(isLeak('sweet, baked, eaten at parties', 'cake', ['gateau'])).toBe(false);
  });
});
