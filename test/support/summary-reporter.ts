import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Test files that failed before or outside their tests: an import, a syntax error, a top-level throw. */
  brokenFiles: number;
  /** describe blocks whose hooks (beforeAll, afterAll) failed. */
  brokenSuites: number;
  unhandled: number;
}

/** Counts everything that can go wrong in a run, not only the tests that ran: a file that never loaded has no tests to fail. */
export function countRun(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0, brokenSuites: 0, unhandled: unhandledErrors.length };
  for (const module of testModules) {
    if (module.errors().length > 0) counts.brokenFiles++;
    for (const suite of module.children.allSuites()) if (suite.errors().length > 0) counts.brokenSuites++;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else counts.skipped++;
    }
  }
  return counts;
}

export function summaryLine(c: RunCounts): string {
  const extra = [
    c.brokenFiles > 0 && `${c.brokenFiles} test file${c.brokenFiles === 1 ? '' : 's'} failed to load`,
    c.brokenSuites > 0 && `${c.brokenSuites} suite${c.brokenSuites === 1 ? '' : 's'} failed in a hook`,
    c.unhandled > 0 && `${c.unhandled} unhandled error${c.unhandled === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${extra.length > 0 ? `, ${extra.join(', ')}` : ''}`;
}

/** Ends the run with a plain "N passed, N failed, N skipped" line that any CI log reader understands, naming what failed outside tests. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    console.log(`\n${summaryLine(countRun(testModules, unhandledErrors))}`);
  }
}
