/** The wording rules the page crawl (test/e2e/wording.e2e.test.ts) applies: each catches its bug and lets good text through. */
import { describe, expect, it } from 'vitest';
import { wordingProblems } from '../support/wording';

const rules = (text: string) => wordingProblems(text).map((p) => p.rule);

describe('wording rules', () => {
  it('catches the bugs issue 17 names', () => {
    expect(rules('Success 45% (—–—)')).toEqual(['placeholder range in brackets']);
    expect(rules('The run had 1 errors.')).toEqual(['one with a plural noun']);
    expect(rules('Holm p adjusted over the 1 tests.')).toEqual(['one with a plural noun']);
    expect(rules('ada played 20hinted games')).toEqual(['number run into a word']);
    expect(rules('score 0.333333333333')).toEqual(['float noise']);
    expect(rules('cost NaN')).toEqual(['NaN or undefined']);
    expect(rules('by undefined')).toEqual(['NaN or undefined']);
    expect(rules('A − B = -0.00')).toEqual(['negative zero']);
  });

  it('catches the bugs issue 27 names', () => {
    expect(rules('12/20 episodes · 5 successfuls · 0 errors')).toEqual(['outcome label made plural with s']);
    expect(rules('4 decideds')).toEqual(['outcome label made plural with s']);
    expect(rules('Over the 1 entities every player finished.')).toEqual(['one with a plural noun']);
    expect(rules('Mean mean score by category')).toEqual(['word said twice']);
    expect(rules('Games read from: Reference (v1.6) · MatchIt () · MapWorld EE ().')).toEqual(['empty brackets', 'empty brackets']);
    expect(rules('strata judgeLabel=maybe · category=objects: 3/20')).toEqual(['raw key=value']);
    expect(rules('Question 20 of 20hinted')).toEqual(['number run into a word']);
  });

  it('lets ordinary text through', () => {
    expect(rules('1 error, 2 errors, 11 episodes, 21 runs, 1.5 turns, 10 ms, 1.3 s, 412 tok · 2nd of 3, 4th, gpt-4o-mini, claude-3-5-haiku, v1.6, 2026-11-23, 0.4512, #12, 95% CI 0.30–0.95, n = 3, too few (n = 1)')).toEqual([]);
    expect(rules('openai:model-03 scripted:alpha media:3fa9 non-null x-null')).toEqual([]);
    expect(rules('5 wins · 2 seeds · 3 needs · 4 successful · 2 rated · that is, the 2 entities · print(x) · f() = 1 · a=1 · n=3')).toEqual([]);
  });
});
