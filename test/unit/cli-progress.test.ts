/** The CLI's progress lines count in words that agree with their numbers (issue 27: "1 errors"). */
import { describe, expect, it } from 'vitest';
import { progressPrinter } from '../../electron/cli/progress';

function printed(events: Parameters<ReturnType<typeof progressPrinter>>[0][], words = { one: 'win', many: 'wins' }): string {
  let text = '';
  const out = { isTTY: false, write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WriteStream;
  const print = progressPrinter(words, out);
  for (const e of events) print(e);
  return text;
}

const progress = (done: number, errors: number, successes: number, total: number) =>
  ({ type: 'progress', runId: 1, done, errors, successes, total, calls: 4, callsPerSecond: 2, etaSeconds: null, costUsd: null }) as const;

describe('progressPrinter', () => {
  it('says "1 error" and "1 win", and the plurals past one', () => {
    const text = printed([
      { type: 'run-started', runId: 1, total: 3, remaining: 3 },
      progress(1, 1, 1, 3),
      progress(2, 1, 2, 3),
      { type: 'run-finished', runId: 1, status: 'done', done: 2, errors: 1, total: 3, reason: null },
    ]);
    expect(text).toContain('2/3 episodes · 1 win · 1 error ·');
    expect(text).toContain('3/3 episodes · 2 wins · 1 error ·');
    expect(text).toContain('run 1 done: 2 done, 1 error, 3 episodes');
    expect(text).not.toMatch(/\b1 errors\b|\b1 wins\b/);
  });
  it('takes a game whose outcome has one word for one and many (AGE: successful)', () => {
    const text = printed([progress(2, 0, 2, 2)], { one: 'successful', many: 'successful' });
    expect(text).toContain('2/2 episodes · 2 successful · 0 errors');
  });
});
