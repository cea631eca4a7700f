import { describe, expect, it } from 'vitest';
import type { JudgeLabel } from '../../electron/engine/games/eda/rules';
import {
  DEFAULT_FAILURE_RULES,
  FAILURE_MODES,
  detectFailureModes,
  guessTest,
  type FailureMode,
  type TurnLike,
} from '../../electron/engine/games/eda/failure-modes/detect';
import { normalizeQuestion } from '../../electron/engine/games/eda/failure-modes/normalize';

/** A game from [question, answer] pairs, turns numbered from 1. */
const game = (pairs: readonly [string, JudgeLabel][]): TurnLike[] =>
  pairs.map(([question, label], i) => ({ idx: i + 1, question, label }));

const things = guessTest(
  ['Printer | Laser printer', 'Keyboard', 'Mouse', 'Laptop', 'Game console', 'Dog', 'Cat', 'Cow'].map((line) => {
    const aliases = line.split('|').map((part) => part.trim());
    return { name: aliases[0]!, aliases };
  }),
);
const celebrities = guessTest([{ name: 'Emma Watson', aliases: ['Emma Watson'] }]);

/** (mode, turn, rule, related) of each tag, the part the rules decide. */
const brief = (tags: ReturnType<typeof detectFailureModes>) => tags.map(({ mode, turn, rule, related }) => ({ mode, turn, rule, related }));
const of = (mode: FailureMode, tags: ReturnType<typeof detectFailureModes>) => brief(tags).filter((t) => t.mode === mode);

// Paper Table 2, vicuna-7B, early enumeration (hidden entity "printer").
const vicunaPrinter = game([
  ['Is the entity a living thing?', 'no'],
  ['Is the entity an object?', 'yes'],
  ['Is the object a tool or a device?', 'yes'],
  ...['communication', 'transportation', 'construction', 'entertainment', 'cooking', 'cleaning', 'protection', 'sports or athletics'].map(
    (use): [string, JudgeLabel] => [`Is the tool or device used for ${use}?`, 'no'],
  ),
]);

// Paper Table 2, GPT-4, successful game.
const gpt4Printer = game([
  ['Is it a living entity?', 'no'], ['Is it man-made?', 'yes'], ['Can it be held in a single hand?', 'yes'], ['Is it electronic?', 'yes'],
  ['Is it used for communication?', 'maybe'], ['Can it store information?', 'yes'], ['Is it a portable device?', 'maybe'],
  ['Is it commonly found in homes?', 'yes'], ['Is it related to entertainment?', 'no'], ['Is it used for work or productivity?', 'yes'],
  ['Is it a type of computer or computing device?', 'maybe'], ['Is it used for creating or editing documents?', 'yes'],
  ['Is it a keyboard?', 'no'], ['Is it a mouse?', 'no'], ['Is it a printer?', 'bingo'],
]);

// Paper Table 2, vicuna-7B, redundancy.
const vicunaRedundant = game([
  ['Is the entity a person?', 'no'], ['Is the entity a living thing?', 'no'], ['Is the entity a thing?', 'yes'],
  ['Is the entity an object?', 'yes'], ['Is the entity a material object?', 'yes'], ['Is the entity a solid object?', 'yes'],
  ['Is the entity a natural object?', 'no'], ['Is the entity an artificial object?', 'yes'],
  ['Is the entity a man-made object?', 'yes'], ['Is the entity an inanimate object?', 'yes'], ['Is the entity a machine?', 'yes'],
]);

// Paper Table 9, vicuna-7B, inconsistency (celebrities).
const vicunaCelebrity = game([
  ['Is the celebrity a musician?', 'no'], ['Is the celebrity primarily known for their acting career?', 'yes'],
  ['Is the celebrity a former child actor?', 'no'], ['Is the celebrity primarily known for their work in film?', 'yes'],
  ['Is the celebrity mostly known for their work in the past decade?', 'yes'], ['Is the celebrity a British national?', 'no'],
  ['Is the celebrity primarily known for their work in American cinema?', 'yes'],
  ['Is the celebrity a former child star who later became a Hollywood movie star?', 'yes'],
  ['Is the celebrity Emma Watson?', 'no'], ['Is the celebrity a male actor?', 'no'], ['Is the celebrity a British female actor?', 'no'],
]);

describe('normalizeQuestion', () => {
  it('maps subjects to "it", collapses synonyms and keeps inner hyphens', () => {
    expect(normalizeQuestion('Is the entity a man-made THING?').tokens).toEqual(['is', 'it', 'a', 'manmade', 'object']);
    expect(normalizeQuestion('Is this person a woman?').tokens).toEqual(['is', 'it', 'a', 'female']);
    expect(normalizeQuestion("Is she -- 'alive'?").tokens).toEqual(['is', 'it', 'living']);
  });
  it('drops stop words for content and generic words for keys', () => {
    const q = normalizeQuestion('Is the celebrity a British national?');
    expect([...q.content]).toEqual(['british', 'national']);
    expect([...q.keys]).toEqual(['british']);
    expect([...normalizeQuestion('Is it an object?').keys]).toEqual([]);
  });
  it('reads "non-x" as a negation of x', () => {
    const q = normalizeQuestion('Is it a non-man-made device?');
    expect(q.negated).toBe(true);
    expect([...q.positive]).toEqual(['manmade', 'device']);
  });
});

describe('early enumeration', () => {
  it('tags the paper\'s vicuna printer game at turn 4 (frame-run after 2 yes), and nothing else', () => {
    expect(brief(detectFailureModes(vicunaPrinter, things))).toEqual([
      { mode: 'early_enumeration', turn: 4, rule: 'frame-run', related: [5, 6, 7, 8, 9, 10, 11] },
    ]);
    expect(detectFailureModes(vicunaPrinter, things)[0]!.reason).toContain('is the tool or device used for');
  });
  it('leaves the paper\'s GPT-4 printer game untagged (late guesses, "Is it a …" is no 4-token frame)', () => {
    expect(detectFailureModes(gpt4Printer, things)).toEqual([]);
  });
  it('guess-before-scope: tags the first early guess, later early guesses are related', () => {
    const turns = game([['Is it alive?', 'yes'], ['Is it a dog?', 'no'], ['Is it a mammal?', 'yes'], ['Is it a cat?', 'no'], ['Is it big?', 'yes'], ['Is it a cow?', 'bingo']]);
    expect(of('early_enumeration', detectFailureModes(turns, things))).toEqual([
      { mode: 'early_enumeration', turn: 2, rule: 'guess-before-scope', related: [4] },
    ]);
  });
  it('guess-before-scope: maybe, dunno and bingo are not yes', () => {
    const turns = (label: JudgeLabel) => game([['Is it alive?', 'yes'], ['Is it an animal?', 'yes'], ['Is it a pet?', label], ['Is it a dog?', 'no']]);
    expect(of('early_enumeration', detectFailureModes(turns('maybe'), things))).toHaveLength(1);
    expect(of('early_enumeration', detectFailureModes(turns('dunno'), things))).toHaveLength(1);
    expect(of('early_enumeration', detectFailureModes(turns('bingo'), things))).toHaveLength(1);
    expect(of('early_enumeration', detectFailureModes(turns('yes'), things))).toEqual([]);
  });
  it('frame-run: a 2-turn run, a repeated question or a late run is no early run', () => {
    const two = game([['Is the tool or device used for cooking?', 'no'], ['Is the tool or device used for cleaning?', 'no'], ['Is it red?', 'no']]);
    expect(detectFailureModes(two, things)).toEqual([]);
    const same = game([['Is the tool used for cooking?', 'no'], ['Is the tool used for cooking?', 'no'], ['Is the tool used for cooking?', 'no']]);
    expect(of('early_enumeration', detectFailureModes(same, things))).toEqual([]);
    const late = game([['Is it man-made?', 'yes'], ['Is it electronic?', 'yes'], ['Is it small?', 'yes'], ...vicunaPrinter.slice(3).map((t): [string, JudgeLabel] => [t.question, t.label])]);
    expect(detectFailureModes(late, things)).toEqual([]);
  });
  it('frame-run: only the first early run is tagged', () => {
    const turns = game([
      ['Is the animal found in Africa?', 'no'], ['Is the animal found in Asia?', 'no'], ['Is the animal found in Europe?', 'no'],
      ['Is it big?', 'no'],
      ['Is the animal kept as a pet?', 'no'], ['Is the animal kept as a farm animal?', 'no'], ['Is the animal kept in zoos?', 'no'],
    ]);
    expect(of('early_enumeration', detectFailureModes(turns, things))).toEqual([
      { mode: 'early_enumeration', turn: 1, rule: 'frame-run', related: [2, 3] },
    ]);
  });
  it('merges both rules on one turn into one tag', () => {
    const turns = game([['Is the animal a dog?', 'no'], ['Is the animal a cat?', 'no'], ['Is the animal a cow?', 'no']]);
    expect(of('early_enumeration', detectFailureModes(turns, things))).toEqual([
      { mode: 'early_enumeration', turn: 1, rule: 'guess-before-scope', related: [2, 3] },
    ]);
  });
  it('rules options change the outcome', () => {
    expect(detectFailureModes(vicunaPrinter, things, { minYes: 1 })).toEqual([]);
    expect(detectFailureModes(vicunaPrinter, things, { minRun: 9 })).toEqual([]);
    expect(detectFailureModes(vicunaPrinter, things, { framePrefix: 8 })).toEqual([]);
    expect(of('early_enumeration', detectFailureModes(vicunaPrinter, things, { minRun: 8, framePrefix: 7 }))).toHaveLength(1);
    const two = game([['Is the tool or device used for cooking?', 'no'], ['Is the tool or device used for cleaning?', 'no']]);
    expect(of('early_enumeration', detectFailureModes(two, things, { minRun: 2 }))).toEqual([
      { mode: 'early_enumeration', turn: 1, rule: 'frame-run', related: [2] },
    ]);
    const guess = game([['Is it alive?', 'yes'], ['Is it a dog?', 'no']]);
    expect(detectFailureModes(guess, things, { minYes: 1 })).toEqual([]);
  });
});

describe('redundancy', () => {
  it('tags the paper\'s vicuna "thing/object/…" game at thing→object and artificial→man-made', () => {
    const tags = detectFailureModes(vicunaRedundant, things);
    expect(brief(tags)).toEqual([
      { mode: 'redundancy', turn: 4, rule: 'same-content', related: [3] },
      { mode: 'redundancy', turn: 9, rule: 'same-content', related: [8] },
    ]);
    expect(tags[0]!.reason).toBe('Turn 4 ("Is the entity an object?") repeats turn 3 ("Is the entity a thing?").');
  });
  it('points at the latest similar turn', () => {
    const turns = game([['Is it a thing?', 'yes'], ['Is the entity an object?', 'yes'], ['Is the item an object?', 'yes']]);
    expect(of('redundancy', detectFailureModes(turns, things))).toEqual([
      { mode: 'redundancy', turn: 2, rule: 'same-content', related: [1] },
      { mode: 'redundancy', turn: 3, rule: 'same-content', related: [2] },
    ]);
  });
  it('uses Jaccard ≥ similarity: 4/5 matches, 3/4 does not', () => {
    const close = game([['Is it a large heavy metal kitchen appliance?', 'yes'], ['Is it a large metal kitchen appliance?', 'yes']]);
    expect(of('redundancy', detectFailureModes(close, things))).toHaveLength(1);
    const far = game([['Is it a large metal kitchen appliance?', 'yes'], ['Is it a metal kitchen appliance?', 'yes']]);
    expect(of('redundancy', detectFailureModes(far, things))).toEqual([]);
    expect(of('redundancy', detectFailureModes(far, things, { similarity: 0.75 }))).toHaveLength(1);
  });
  it('does not match different content or empty questions', () => {
    const turns = game([['Is it used for communication?', 'no'], ['Is it used for transportation?', 'no'], ['Is it?', 'dunno'], ['Is it?', 'dunno']]);
    expect(detectFailureModes(turns, things)).toEqual([]);
  });
});

describe('inconsistency', () => {
  it('tags the paper\'s celebrity game: "British national? No" then "British female actor?"', () => {
    const tags = detectFailureModes(vicunaCelebrity, celebrities);
    expect(brief(tags)).toEqual([{ mode: 'inconsistency', turn: 11, rule: 'ruled-out-scope', related: [6] }]);
    expect(tags[0]!.reason).toContain('"british"');
  });
  it('ruled-out-scope: "electronic? No" then "electronic keyboard?"', () => {
    const turns = game([['Is it electronic?', 'no'], ['Is it an electronic keyboard?', 'no']]);
    expect(of('inconsistency', detectFailureModes(turns, things))).toEqual([{ mode: 'inconsistency', turn: 2, rule: 'ruled-out-scope', related: [1] }]);
  });
  it('ruled-out-scope near misses: not a definitive no, generic keys, the same question, its bare negation', () => {
    for (const label of ['maybe', 'dunno', 'other', 'yes'] as const) {
      expect(of('inconsistency', detectFailureModes(game([['Is it electronic?', label], ['Is it an electronic keyboard?', 'no']]), things))).toEqual([]);
    }
    expect(detectFailureModes(game([['Is it an object?', 'no'], ['Is it a heavy object?', 'no']]), things)).toEqual([]);
    expect(of('inconsistency', detectFailureModes(game([['Is it electronic?', 'no'], ['Is the object electronic?', 'no']]), things))).toEqual([]);
    expect(of('inconsistency', detectFailureModes(game([['Is it electronic?', 'no'], ['Is it not electronic?', 'yes']]), things))).toEqual([]);
  });
  it('negated-yes: "man-made? Yes" then "not man-made?" or "non-artificial?"', () => {
    for (const later of ['Is it not man-made?', 'Is it a non-artificial device?', 'Is it non man-made?']) {
      const turns = game([['Is it man-made?', 'yes'], [later, 'no']]);
      expect(brief(detectFailureModes(turns, things))).toEqual([{ mode: 'inconsistency', turn: 2, rule: 'negated-yes', related: [1] }]);
    }
  });
  it('negated-yes near misses: a negation of something else, a negated yes, a maybe', () => {
    expect(detectFailureModes(game([['Is it electronic?', 'yes'], ['Is it not a phone?', 'yes']]), things)).toEqual([]);
    expect(detectFailureModes(game([['Is it not alive?', 'yes'], ['Is it a non-living device?', 'yes']]), things)).toEqual([]);
    expect(detectFailureModes(game([['Is it man-made?', 'maybe'], ['Is it not man-made?', 'no']]), things)).toEqual([]);
  });
  it('reguess: guessing an entity again after a no (any alias), not after a dunno', () => {
    const turns = game([
      ['Is it man-made?', 'yes'], ['Is it electronic?', 'yes'], ['Is it used at work?', 'yes'],
      ['Is it a printer?', 'no'], ['Is it a keyboard?', 'no'], ['Is it a laser printer?', 'no'],
    ]);
    expect(of('inconsistency', detectFailureModes(turns, things))).toEqual([{ mode: 'inconsistency', turn: 6, rule: 'reguess', related: [4] }]);
    const dunno = game([['Is it a printer?', 'dunno'], ['Is it a printer?', 'no']]);
    expect(of('inconsistency', detectFailureModes(dunno, things))).toEqual([]);
  });
  it('relates the earliest contradicted turn, one tag per turn', () => {
    const turns = game([['Is it British?', 'no'], ['Is it an actor?', 'no'], ['Is it a British actor?', 'no']]);
    expect(of('inconsistency', detectFailureModes(turns, things))).toEqual([{ mode: 'inconsistency', turn: 3, rule: 'ruled-out-scope', related: [1] }]);
  });
});

describe('detectFailureModes output', () => {
  it('is sorted by turn then mode and deterministic', () => {
    const turns = game([['Is it a dog?', 'no'], ['Is it a dog?', 'no'], ['Is it a thing?', 'yes'], ['Is it an object?', 'no']]);
    const tags = detectFailureModes(turns, things);
    expect(brief(tags)).toEqual([
      { mode: 'early_enumeration', turn: 1, rule: 'guess-before-scope', related: [2] },
      { mode: 'redundancy', turn: 2, rule: 'same-content', related: [1] },
      { mode: 'inconsistency', turn: 2, rule: 'reguess', related: [1] },
      { mode: 'redundancy', turn: 4, rule: 'same-content', related: [3] },
    ]);
    expect(detectFailureModes(turns, things)).toEqual(tags);
    expect(FAILURE_MODES).toEqual(['early_enumeration', 'redundancy', 'inconsistency']);
    expect(DEFAULT_FAILURE_RULES).toEqual({ minYes: 3, minRun: 3, framePrefix: 4, similarity: 0.8 });
  });
});

describe('guessTest', () => {
  const isGuess = guessTest([
    { name: 'Apple', aliases: ['Apple'] },
    { name: 'Apple pie', aliases: ['Apple pie', 'Pie'] },
    { name: 'Mouse', aliases: [] },
  ]);
  it('matches any alias and the name, case-insensitively', () => {
    expect(isGuess('Is it a PIE?')).toBe('Apple pie');
    expect(isGuess('IS IT AN APPLE?')).toBe('Apple');
    expect(isGuess('Is it a mouse?')).toBe('Mouse');
  });
  it('matches whole words only', () => {
    expect(isGuess('Is it a pineapple?')).toBeNull();
    expect(isGuess('Is it a piece of fruit?')).toBeNull();
  });
  it('lets the longest alias win whatever the dataset order', () => {
    expect(isGuess('Is it an apple pie?')).toBe('Apple pie');
  });
});
