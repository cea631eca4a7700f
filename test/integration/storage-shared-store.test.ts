/**
 * `parlor serve` plays several runs on one store. When the disk fills while two of them play, both lost
 * writes in the same group commits: both must stop and end interrupted (neither may go on as if its
 * lost turns were committed), and once space is free again both resume and end as runs never stopped.
 * A write lost outside any run is raised once and the store goes on; a person's game stops as a run does.
 * The disk is full when the file reaches SQLite's page cap (PARLOR_TEST_MAX_PAGES) and filler rows
 * another connection wrote leave no room; deleting them frees the space.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../../shared/contract/content';
import { ModelConfigSchema } from '../../shared/contract/models';
import { DatabaseError } from '../../electron/engine/errors';
import { ProviderError } from '../../electron/engine/players/errors';
import { answerLocally } from '../../electron/engine/players/local';
import type { ModelFactory } from '../../electron/engine/players/factory';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from '../../electron/engine/players/types';
import type { HumanSessions as HumanSessionsType } from '../../electron/engine/human/sessions';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import type { ExecuteResult, executeRun as ExecuteRun } from '../../electron/engine/runner/execute';
import type { prepareRun as PrepareRun } from '../../electron/engine/runner/prepare';
import type { Store as StoreType } from '../../electron/engine/store/store';
import { mockJudge } from '../mock-provider/behaviours';
import { waitFor } from '../support/cli';

const CAP = 3000;

let Store: typeof StoreType;
let executeRun: typeof ExecuteRun;
let prepareRun: typeof PrepareRun;
let HumanSessions: typeof HumanSessionsType;
beforeAll(async () => {
  // Read when the store's module loads: this file's modules are its own, loaded after the cap is set.
  process.env.PARLOR_TEST_MAX_PAGES = String(CAP);
  ({ Store } = await import('../../electron/engine/store/store'));
  ({ executeRun } = await import('../../electron/engine/runner/execute'));
  ({ prepareRun } = await import('../../electron/engine/runner/prepare'));
  ({ HumanSessions } = await import('../../electron/engine/human/sessions'));
  delete process.env.PARLOR_TEST_MAX_PAGES;
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** Model calls the test answers when it chooses; a run whose gate is open is answered at once. */
class Gates {
  readonly open = new Set<string>();
  readonly waiting: { run: string; seat: string; answer: () => void }[] = [];
  /** The first guesser reply is long: its turn needs many new pages, so on a full file it is lost. */
  pad = true;

  factory(): ModelFactory {
    return (config) => {
      const [run, seat] = config.model.split('-') as [string, string];
      return { label: config.model, complete: (request, options) => this.call(run, seat, request, options ?? {}) } satisfies ChatModel;
    };
  }

  waits(run: string, seat: string): boolean {
    return this.waiting.some((w) => w.run === run && w.seat === seat);
  }

  answer(run: string): void {
    for (const w of this.waiting.filter((c) => c.run === run)) w.answer();
  }

  private call(run: string, seat: string, request: ChatRequest, options: CallOptions): Promise<ChatResult> {
    const reply = () => (seat === 'judge' ? mockJudge(textOf(request.messages[0]!.content)) : `Is it used outdoors?${this.pad ? ' Or indoors?'.repeat(4000) : ''}`);
    return new Promise((resolve, reject) => {
      const answer = () => {
        try {
          resolve(answerLocally(request, options, reply));
        } catch (error) {
          reject(error);
        }
      };
      if (this.open.has(run)) return answer();
      const entry = { run, seat, answer: () => settle(answer) };
      const settle = (then: () => void) => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        options.signal?.removeEventListener('abort', abort);
        then();
      };
      const abort = () => settle(() => reject(new ProviderError('aborted', 'the run was stopped')));
      this.waiting.push(entry);
      options.signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

const players = (run: string) => ({ guesser: { provider: 'scripted', model: `${run}-guesser` }, judge: { provider: 'scripted', model: `${run}-judge` } });

/** A store on a fresh file with runs `a` and `b` (one EDA episode each) stored, not yet played; and a plain connection to the same file. */
async function twoRuns(createModel: ModelFactory) {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-shared-')); // not test/support/tmp: it would load the store before the cap is set
  const path = join(dir, 'parlor.db');
  const store = Store.open(path);
  const raw = new Database(path);
  cleanups.push(() => {
    raw.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ids: Record<string, number> = {};
  for (const run of ['a', 'b']) {
    ids[run] = (await prepareRun(store, { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1, seed: 7, concurrency: 1, preflight: false, players: players(run) }, { createModel })).runId;
  }
  return { store, raw, ids };
}

/** Fills the file up to the cap from another connection: nothing that needs a new page fits any more. */
function fillDisk(raw: Database.Database): void {
  raw.pragma(`max_page_count = ${CAP}`);
  raw.exec(`CREATE TABLE IF NOT EXISTS filler (b BLOB)`);
  for (const size of [100_000, 4_000, 200]) {
    try {
      for (;;) raw.prepare(`INSERT INTO filler VALUES (zeroblob(?))`).run(size);
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
    }
  }
}

/** Episodes whose stored events skip an index: a turn lost before one that was committed. */
const holes = (raw: Database.Database) => raw.prepare(`SELECT episode_id FROM events GROUP BY episode_id HAVING COUNT(*) != MAX(idx)`).all();

describe('a full disk while two runs share one store', () => {
  it('stops both runs, marks both interrupted with no turn after a lost one, and both resume to the end once space is free', async () => {
    const gates = new Gates();
    const { store, raw, ids } = await twoRuns(gates.factory());
    const stopA = new AbortController();
    // Counts the holds let go: run a's, once it has stopped and waits for run b to stop too.
    let released = 0;
    const hold = store.hold.bind(store);
    store.hold = () => {
      const release = hold();
      let once = true;
      return () => {
        if (once) released++;
        once = false;
        release();
      };
    };
    const quiet = { createModel: gates.factory(), heartbeatMs: 600_000, progressMs: 600_000 };
    const settled: Record<string, boolean> = {};
    const play = (run: string, signal?: AbortSignal) => {
      const result = executeRun(store, ids[run]!, { ...quiet, ...(signal ? { signal } : {}) });
      void result.then(() => (settled[run] = true), () => (settled[run] = true));
      return result;
    };
    const a = play('a', stopA.signal);
    const b = play('b');

    await waitFor(() => gates.waits('a', 'guesser') && gates.waits('b', 'guesser'));
    fillDisk(raw);
    gates.answer('a');
    gates.answer('b');
    // Both runs' first turns are lost in full group commits; each goes on to its judge, not knowing yet.
    const failing = () => {
      try {
        store.flush();
        return false;
      } catch {
        return true;
      }
    };
    await waitFor(() => gates.waits('a', 'judge') && gates.waits('b', 'judge') && failing());

    raw.exec(`DELETE FROM filler`); // space is free again before either run has stopped
    gates.pad = false;
    stopA.abort(); // run a stops first and hears of the failure
    // Run a has stopped once it lets go of the store (or settles, where a build does not make it wait for run b).
    await waitFor(() => settled.a === true || released > 0);
    // Run b plays on: its next turn would follow the turn it lost.
    gates.open.add('b');
    gates.answer('b');

    const stopped = (result: Promise<ExecuteResult>) => result.then((r) => r.status, (error: unknown) => error);
    const [endA, endB] = await Promise.all([stopped(a), stopped(b)]);
    for (const end of [endA, endB]) {
      expect(end).toBeInstanceOf(DatabaseError);
      expect((end as Error).message).toMatch(/The disk holding .*parlor\.db is full: free some space/);
    }
    const status = (run: string) => raw.prepare(`SELECT status, error FROM runs WHERE id = ?`).get(ids[run]);
    for (const run of ['a', 'b']) expect(status(run)).toEqual({ status: 'interrupted', error: 'the disk holding the database was full' });
    expect(raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'running'`).pluck().get()).toBe(0);
    expect(holes(raw)).toEqual([]);

    // Both resume at once on the freed space: every write persists, each run ends as one never stopped.
    gates.open.add('a');
    const resumed = await Promise.all([executeRun(store, ids.a!, quiet), executeRun(store, ids.b!, quiet)]);
    expect(resumed.map((r) => [r.status, r.done, r.errors])).toEqual([['done', 1, 0], ['done', 1, 0]]);
    for (const run of ['a', 'b']) expect(status(run)).toEqual({ status: 'done', error: null });
    expect(raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status != 'done'`).pluck().get()).toBe(0);
    expect(holes(raw)).toEqual([]);
    expect(raw.prepare(`SELECT COUNT(DISTINCT episode_id) FROM events`).pluck().get()).toBe(2);
  }, 60_000);
});

describe('a full disk outside any run (a preflight, the failure tagger between jobs)', () => {
  it('raises the lost write once; the store goes on, and a run played once space is free persists whole', async () => {
    const gates = new Gates();
    const { store, raw, ids } = await twoRuns(gates.factory());
    const modelConfigId = store.models.ensureConfig(ModelConfigSchema.parse({ provider: 'scripted', model: 'a-guesser' }));
    fillDisk(raw);
    // A preflight's call, stored at the end of the turn with nobody holding the store: the group is lost.
    answerLocally({ messages: [{ role: 'user', content: 'Say hi.' }] }, { onAttempt: (attempt) => store.models.recordCall({ ...attempt, runId: null, episodeId: null, round: null, role: 'preflight', modelConfigId }) }, () => 'hi '.repeat(50_000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => store.flush()).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }));
    expect(() => store.flush()).not.toThrow(); // raised once: nothing holds the failure

    raw.exec(`DELETE FROM filler`);
    gates.pad = false;
    gates.open.add('a');
    const result = await executeRun(store, ids.a!, { createModel: gates.factory() });
    expect([result.status, result.done]).toEqual(['done', 1]);
    expect(raw.prepare(`SELECT status FROM runs WHERE id = ?`).pluck().get(ids.a)).toBe('done');
    expect(raw.prepare(`SELECT COUNT(*) FROM events`).pluck().get()).toBeGreaterThan(0);
    expect(holes(raw)).toEqual([]);
  }, 60_000);
});

describe('a full disk during a person\'s move', () => {
  it('stops the game before the next move can follow the lost turn: the run is interrupted, and the game continues once space is free', async () => {
    const { store, raw } = await twoRuns(new Gates().factory());
    let long = true; // the judge's first answer is long: its turn needs many new pages
    const judge = new ScriptedModel('judge', () => `No.${long ? ' Not at all.'.repeat(5000) : ''}`);
    const humans = new HumanSessions(store, () => () => judge);
    const start = { game: 'eda', handle: 'ada', dataset: 'things', subset: 'test', models: { judge: ModelConfigSchema.parse({ provider: 'openai', model: 'judge', baseUrl: 'http://127.0.0.1:9/v1' }) } };
    const episodeId = humans.start(start);
    await humans.settle(episodeId);
    const committed = raw.prepare(`SELECT COUNT(*) FROM events WHERE episode_id = ?`).pluck().get(episodeId) as number;
    fillDisk(raw);

    await humans.say(episodeId, 'Is it alive?');
    // The move and the judge's answer were lost: the game stopped rather than ask for the next move.
    expect(humans.sessions.get(episodeId)!.settled).toBe(true);
    const runId = raw.prepare(`SELECT run_id FROM episodes WHERE id = ?`).pluck().get(episodeId);
    expect(raw.prepare(`SELECT status, error FROM runs WHERE id = ?`).get(runId)).toEqual({ status: 'interrupted', error: expect.stringMatching(/^the database refused a write \(database or disk is full\); the game continues from the Play page$/) });
    expect(raw.prepare(`SELECT status FROM episodes WHERE id = ?`).pluck().get(episodeId)).toBe('pending');
    expect(raw.prepare(`SELECT COUNT(*) FROM events WHERE episode_id = ?`).pluck().get(episodeId)).toBe(committed);

    raw.exec(`DELETE FROM filler`);
    long = false;
    expect(humans.start(start)).toBe(episodeId);
    await humans.settle(episodeId);
    await humans.say(episodeId, 'Is it alive?');
    expect(humans.sessions.get(episodeId)!.settled).toBe(false);
    expect(raw.prepare(`SELECT COUNT(*) FROM events WHERE episode_id = ?`).pluck().get(episodeId)).toBeGreaterThan(committed);
    expect(holes(raw)).toEqual([]);
    await humans.close();
  }, 60_000);
});
