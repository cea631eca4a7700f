/**
 * The planning/reasoning ablation on hand-worked games: X (the scripted guesser: Guitar won at turn 3,
 * Piano and Violin lost at turn 20) replayed up to its last question, which Y ("Is it a piano?")
 * asks instead, judged as usual; the X → Y matrix, its exports and the side-by-side last turns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swapMatrix, swapPairs } from '../../electron/engine/capabilities/last-move/matrix';
import { swapMatrixCsv, swapMatrixLatex } from '../../electron/engine/capabilities/last-move/files';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareLastTurnSwap } from '../../electron/engine/capabilities/last-move/swap';
import { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { playScriptedEda, scriptedEdaFactory } from '../support/eda-scripted';

let dir: string;
let db: string;
let store: Store;
let source: number;
let swap: number;
const piano = new ScriptedModel('piano', () => 'Is it a piano?');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-last-turn-'));
  db = join(dir, 'p.db');
  store = Store.open(db);
  source = await playScriptedEda(store, dir);
  const scripted = scriptedEdaFactory();
  const createModel = (c: { model: string }) => (c.model === 'piano' ? piano : scripted(c));
  ({ runId: swap } = prepareLastTurnSwap(store, source, { provider: 'scripted', model: 'piano' }));
  await executeRun(store, swap, { createModel });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const stripped = (events: ReturnType<Store['events']['list']>) => events.map(({ idx, round, from, to, kind, text, action }) => ({ idx, round, from, to, kind, text, action }));

describe('last-turn swap', () => {
  it("keeps X's turns before the last, and lets Y ask the last question from exactly X's history", () => {
    const originals = store.episodes.list(source);
    const swapped = store.episodes.list(swap);
    expect(swapped.map((e) => [e.instance.name, e.repetition, e.status])).toEqual(originals.map((e) => [e.instance.name, e.repetition, 'done']));
    for (const [i, e] of swapped.entries()) {
      const before = store.events.list(originals[i]!.id);
      const after = store.events.list(e.id);
      const last = Math.max(...before.map((x) => x.round));
      expect(stripped(after.filter((x) => x.round < last))).toEqual(stripped(before.filter((x) => x.round < last)));
      expect(Math.max(...after.map((x) => x.round))).toBe(last);
      expect(after.find((x) => x.round === last && x.from === 'guesser')!.text).toBe('Is it a piano?');
      // Y's only call is the last question, sent the very messages X was sent for it.
      const yCalls = store.models.calls(e.id);
      expect(yCalls).toHaveLength(e.instance.name === 'Piano' ? 1 : 2); // a piano question on Piano is a win by the rules; elsewhere the judge answers
      const xLast = store.models.calls(originals[i]!.id).filter((c) => c.role === 'guesser' && c.round === last).at(-1)!;
      const messages = (r: unknown) => (r as { messages: unknown }).messages;
      expect(messages(yCalls.find((c) => c.role === 'guesser')!.request)).toEqual(messages(xLast.request));
    }
  });

  it('scores every swapped game by Eq. 1 as usual: the matrix by hand', () => {
    // X → X: Guitar won at turn 3 (1), Piano and Violin lost (0): 1/3 in each repetition.
    // X → Y: Guitar's 3rd question becomes "piano" (a Yes, not a win: 0); Piano's 20th wins at turn 20 (1 − 0.02·15 = 0.7); Violin 0.
    const view = swapMatrix(store, [source, swap]);
    expect(view.metric.key).toBe('score');
    const [d] = view.datasets;
    expect(d!.from).toEqual(['scripted:script']);
    expect(d!.to).toEqual(['scripted:piano', 'scripted:script']);
    const xx = d!.cells.find((c) => c.to === 'scripted:script')!;
    const xy = d!.cells.find((c) => c.to === 'scripted:piano')!;
    expect(xx).toMatchObject({ n: 6, runIds: [source] });
    expect(xx.mean).toBeCloseTo(1 / 3, 12);
    expect(xy).toMatchObject({ n: 6, runIds: [swap] });
    expect(xy.mean).toBeCloseTo(0.7 / 3, 12);
    // Values 0.7, 0.7, 0 ×4: sd = √((2·0.7² − 6·(0.7/3)²)/5) = 0.36148; t(0.975, 5) = 2.5706 → half-width 0.37935.
    expect(xy.high! - xy.mean).toBeCloseTo(0.37935, 4);
    expect(xy.low).toBe(0);
    const success = swapMatrix(store, [source, swap], 'success').datasets[0]!.cells.find((c) => c.to === 'scripted:piano')!;
    expect(success.mean).toBeCloseTo(2 / 6, 12);
  });

  it('exports the matrix as CSV and LaTeX and shows the last turns side by side', () => {
    const view = swapMatrix(store, [source, swap]);
    const csv = swapMatrixCsv(view).split('\r\n');
    expect(csv[0]).toBe('dataset,trajectory,last_turn,metric,n,mean,ci_low,ci_high,runs');
    expect(csv.some((l) => /^instruments@\w+\/train,scripted:script,scripted:piano,score,6,0\.23333/.test(l))).toBe(true);
    const tex = swapMatrixLatex(view);
    expect(tex).toContain('\\textbf{0.33 [');
    expect(tex).toContain('0.23 [0.00, 0.61]');
    const pairs = swapPairs(store, swap);
    expect(pairs).toMatchObject({ sourceRunId: source, from: 'scripted:script', to: 'scripted:piano' });
    const guitar = pairs.pairs.find((p) => p.instance === 'Guitar')!;
    expect(guitar.round).toBe(3);
    expect(guitar.original.lines).toEqual([{ from: 'guesser', text: 'Is it a guitar?' }, { from: null, text: 'Bingo!' }]);
    expect(guitar.swapped!.lines).toEqual([{ from: 'guesser', text: 'Is it a piano?' }, { from: 'judge', text: 'Yes.' }]);
    expect([guitar.original.value, guitar.swapped!.value]).toEqual([1, 0]);
  });

  it('refuses what cannot be swapped, with a reason', () => {
    expect(() => prepareLastTurnSwap(store, swap, { provider: 'scripted', model: 'piano' })).toThrow(/itself a last-turn swap of run/);
    expect(() => prepareLastTurnSwap(store, 999, { provider: 'scripted', model: 'piano' })).toThrow(/No run with id 999/);
    expect(() => swapPairs(store, source)).toThrow(/is not a last-turn swap/);
  });

  it('parlor ablate prints the matrix, exports LaTeX and shows the pairs', async () => {
    const out = await parlor(db, ['ablate', '--matrix', `${source},${swap}`]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/scripted:script .*0\.33 \[/);
    const tex = await parlor(db, ['ablate', '--matrix', `${source},${swap}`, '--format', 'latex']);
    expect(tex.stdout).toContain('\\begin{tabular}');
    const pairs = await parlor(db, ['ablate', '--pairs', String(swap)]);
    expect(pairs.stdout).toContain('Is it a piano?');
    const bad = await parlor(db, ['ablate', '--trajectories', String(source)]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--last-turn/);
  });
});
