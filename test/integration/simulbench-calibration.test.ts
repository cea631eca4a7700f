/**
 * Judge calibration on SimulBench, end to end: rating runs with two judges (the built-in one and a
 * harsher scripted one), a set over their ratings, a person's ratings, and the report's weighted
 * kappa, Spearman and bias checked against the same numbers computed here independently (the
 * categorical weighted-kappa formula over a 10×10 table, ranks by hand); then pairwise runs with a
 * fair judge and one that always prefers the first answer, the verdict kappa and the position bias.
 */
import { describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import type { ModelConfig } from '../../shared/contract/models';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { wilson } from '../../electron/engine/stats/proportions';
import { actionOf } from '../../electron/engine/core/events';
import { simulBuiltins } from '../../electron/engine/games/simulbench/builtins';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { tempStore } from '../support/tmp';

const BUILTIN = (model = 'reference') => ({ provider: 'builtin', model });

/** A judge two points harsher than the built-in one (never below 1). */
const harsh = (c: ModelConfig) =>
  new ScriptedModel(c.model, (request) => {
    const rating = Number(/\[\[(\d+)\]\]/.exec(simulBuiltins.judge!(request.messages))![1]);
    return `Too verbose for a terminal. Rating: [[${Math.max(1, rating - 2)}]]`;
  });

async function play(store: Store, game: string, players: Record<string, unknown>, limit: number) {
  const config = { preflight: false, game, dataset: { name: 'simulbench', subset: 'firstchan' }, limit, seed: 3, players };
  const { runId } = await prepareRun(store, config, { createModel: harsh });
  const result = await executeRun(store, runId, { createModel: harsh });
  expect(result.errors).toBe(0);
  return runId;
}

function api(store: Store) {
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  return async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const answer = await service.registry.dispatch(method, input);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.result as ApiOutput<M>;
  };
}

/** Quadratic-weighted kappa the textbook way: observed and chance tables over the scale 1…k, weights (i − j)²/(k − 1)². */
function weightedKappaByTable(pairs: readonly (readonly [number, number])[], k = 10): number {
  const n = pairs.length;
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [a, b] of pairs) table[a - 1]![b - 1]! += 1 / n;
  const rows = table.map((r) => r.reduce((x, y) => x + y, 0));
  const cols = table[0]!.map((_, j) => table.reduce((x, r) => x + r[j]!, 0));
  let observed = 0;
  let chance = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2 / (k - 1) ** 2;
      observed += w * table[i]![j]!;
      chance += w * rows[i]! * cols[j]!;
    }
  }
  return 1 - observed / chance;
}

/** Spearman's rho as Pearson's r on ranks, ties taking their mean rank. */
function spearmanByRanks(pairs: readonly (readonly [number, number])[]): number {
  const ranks = (xs: number[]) => xs.map((x) => xs.filter((y) => y < x).length + (xs.filter((y) => y === x).length + 1) / 2);
  const [a, b] = [ranks(pairs.map((p) => p[0])), ranks(pairs.map((p) => p[1]))];
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [ma, mb] = [mean(a), mean(b)];
  const cov = a.reduce((s, x, i) => s + (x - ma) * (b[i]! - mb), 0);
  return cov / Math.sqrt(a.reduce((s, x) => s + (x - ma) ** 2, 0) * b.reduce((s, x) => s + (x - mb) ** 2, 0));
}

function cohenByHand(pairs: readonly (readonly [string, string])[]): number {
  const n = pairs.length;
  const p = (side: 0 | 1, c: string) => pairs.filter((x) => x[side] === c).length / n;
  const observed = pairs.filter(([a, b]) => a === b).length / n;
  const chance = ['A', 'B', 'C'].reduce((s, c) => s + p(0, c) * p(1, c), 0);
  return (observed - chance) / (1 - chance);
}

describe('SimulBench judge calibration', () => {
  it('rates against a person: weighted kappa, Spearman and bias per judge model, as computed by hand', async () => {
    const store = tempStore();
    const call = api(store);
    const runs = [await play(store, 'simulbench', { simulator: BUILTIN(), judge: BUILTIN() }, 10), await play(store, 'simulbench', { simulator: BUILTIN(), judge: { provider: 'scripted', model: 'harsh' } }, 10)];
    const set = await call('annotations.create', { name: 'calibration', spec: { runs, method: 'random', size: 100, seed: 5 } });
    expect(set.items).toBe(20);
    const { items, info } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 100 });
    expect(info).toMatchObject({ producer: 'judge', labelNoun: 'rating', scale: 'ordinal' });
    expect(info.labels.map((l) => l.key).join('')).toBe('1234567890');

    // What the annotator reads: the script before its last query, the query and the answer the judge rated.
    for (const item of items) {
      const history = (store.episodes.get(item.episodeId).instance.payload as { dialogue_history: { role: string; content: string }[] }).dialogue_history;
      const answer = String(actionOf(store.events.list(item.episodeId).find((e) => e.from === 'simulator' && e.kind === 'response')!).answer);
      expect(item.prompt).toBe(`${history.at(-1)!.content}\n\nAnswer: ${answer}`);
      // Shown apart: the query quoted alone, the answer rated below it (issue 27: one quote held both).
      expect(item.question).toBe(history.at(-1)!.content);
      expect(item.answers).toEqual([{ label: 'Answer', text: answer }]);
      expect(item.context.map((t) => [t.prompt, t.reply])).toEqual(history.slice(0, -1).flatMap((m, i, all) => (m.role === 'user' ? [[m.content, all[i + 1]?.content ?? '']] : [])));
      expect(item.text).toMatch(/Rating: \[\[\d+\]\]/);
    }
    expect(items.some((i) => i.context.length > 0)).toBe(true);

    // ada rates near the built-in judge: its rating −1, 0 or +1 by position (0: she accepts it); the harsh judge is 2 below her.
    const mine = new Map<number, number>();
    for (const item of items) {
      const own = Number(item.label);
      const base = item.model === 'builtin:reference' ? own : own + 2;
      const rating = Math.min(10, Math.max(1, base + (item.position % 3) - 1));
      mine.set(item.itemId, rating);
      await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: 'ada', ...(rating === own ? { verdict: 'correct' } : { verdict: 'wrong', answer: String(rating) }) });
    }

    const r = await call('annotations.results', { setId: set.id });
    const c = r.calibration!;
    expect(c.scale).toBe('ordinal');
    const pairsOf = (keep: (i: (typeof items)[number]) => boolean) => items.filter(keep).map((i) => [Number(i.label), mine.get(i.itemId)!] as const);
    const groups = [
      { row: c.overall, pairs: pairsOf(() => true) },
      ...c.byModel.map((row) => ({ row, pairs: pairsOf((i) => i.model === row.key) })),
    ];
    expect(c.byModel.map((m) => m.key).sort()).toEqual(['builtin:reference', 'scripted:harsh']);
    for (const { row, pairs } of groups) {
      expect(row.kappa.n).toBe(pairs.length);
      expect(row.kappa.value!).toBeCloseTo(weightedKappaByTable(pairs), 10);
      expect(row.spearman!.value!).toBeCloseTo(spearmanByRanks(pairs), 10);
      expect(row.bias!.value!).toBeCloseTo(pairs.reduce((s, [j, p]) => s + j - p, 0) / pairs.length, 10);
      for (const e of [row.kappa, row.spearman!, row.bias!]) {
        expect(e.low!).toBeLessThanOrEqual(e.value!);
        expect(e.high!).toBeGreaterThanOrEqual(e.value!);
      }
    }
    // The harsh judge is about two points below the person, the built-in one about level with her.
    expect(c.byModel.find((m) => m.key === 'scripted:harsh')!.bias!.value!).toBeLessThan(-1.2);
    expect(Math.abs(c.byModel.find((m) => m.key === 'builtin:reference')!.bias!.value!)).toBeLessThan(0.8);
    expect(c.byAnnotator).toHaveLength(1);
    expect(c.annotators).toEqual([]);
    expect(c.producerMetrics).toEqual([]);
    // Seeded by the set: the same report again.
    expect((await call('annotations.results', { setId: set.id })).calibration).toEqual(c);

    // Score recomputed with the person's ratings: the mean of hers.
    const score = r.scoreEffect.metrics.find((m) => m.key === 'score')!;
    expect(score.corrected!).toBeCloseTo([...mine.values()].reduce((a, b) => a + b, 0) / mine.size, 10);

    const csv = await call('annotations.export', { setId: set.id, what: 'calibration', format: 'csv' });
    expect(csv.content.split('\r\n')[0]).toBe('statistic,group,value,n,estimate,ci_low,ci_high');
    expect(csv.content).toContain(`kappa_quadratic,overall,all,20,${c.overall.kappa.value}`);
    const cli = await parlor(store.path, ['annotations', 'report', String(set.id)]);
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain("calibration: the judge's ratings against the annotators' (ordinal scale)");
    expect(cli.stdout).toContain(c.byModel[0]!.kappa.value!.toFixed(3));
  }, 60_000);

  it('compares verdicts with a person and reports the position bias per judge model over the pairwise runs', async () => {
    const store = tempStore();
    const call = api(store);
    const pair = (judge: string) => ({ model_a: BUILTIN('reference-x'), model_b: BUILTIN('reference-y'), judge: BUILTIN(judge) });
    const runs = [await play(store, 'simulbench_pairwise', pair('reference'), 6), await play(store, 'simulbench_pairwise', pair('reference-first'), 6)];
    // Only the first five scripts of each run are annotated; the position bias counts all six.
    const episodes = runs.flatMap((id) => store.episodes.list(id).slice(0, 5).map((e) => e.id));
    const set = await call('annotations.create', { name: 'verdicts', spec: { runs, method: 'episodes', episodes } });
    expect(set.items).toBe(20);
    const { items, info } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 100 });
    expect(info.labels.map((l) => [l.id, l.key])).toEqual([['A', '1'], ['B', '2'], ['C', '3']]);
    expect(items[0]!.prompt).toMatch(/\n\nResponse A: \[[xy]\] output for: [\s\S]*\n\nResponse B: \[[xy]\] output for: /);
    expect(items[0]!.answers?.map((a) => a.label)).toEqual(['Response A', 'Response B']);
    expect(items[0]!.question).not.toMatch(/Response A/);

    // ada prefers model x's answer every time: A when it is shown first (order ab, round 3), B otherwise.
    const mine = new Map(items.map((i) => [i.itemId, i.prompt.includes('Response A: [x]') ? 'A' : 'B']));
    for (const item of items) {
      expect(mine.get(item.itemId)).toBe(item.round === 3 ? 'A' : 'B');
      const verdict = mine.get(item.itemId)!;
      await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: 'ada', ...(verdict === item.label ? { verdict: 'correct' } : { verdict: 'wrong', answer: verdict }) });
    }
    const r = await call('annotations.results', { setId: set.id });
    const c = r.calibration!;
    expect(c.scale).toBe('nominal');
    for (const row of [c.overall, ...c.byModel]) {
      const pairs = items.filter((i) => row.key === 'all' || i.model === row.key).map((i) => [i.label, mine.get(i.itemId)!] as const);
      expect(row.kappa.n).toBe(pairs.length);
      expect(row.kappa.value!).toBeCloseTo(cohenByHand(pairs), 10);
      expect(row.spearman).toBeNull();
    }
    // The judge that always says A agrees with ada only on order ab: kappa 0.
    expect(c.byModel.find((m) => m.key === 'builtin:reference-first')!.kappa.value!).toBeCloseTo(0, 12);

    const flips = c.producerMetrics.find((m) => m.key === 'flip')!;
    const flipOf = (id: number) => store.episodes.list(id).map((e) => e.scores!.flip!);
    expect(flipOf(runs[1]!)).toEqual([1, 1, 1, 1, 1, 1]);
    const [fair, first] = runs.map((id) => flipOf(id).reduce((a, b) => a + b, 0));
    expect(flips.by).toEqual([
      { key: 'builtin:reference', ...(({ rate, low, high }) => ({ value: rate, low, high }))(wilson(fair!, 6)), n: 6 },
      { key: 'builtin:reference-first', ...(({ rate, low, high }) => ({ value: rate, low, high }))(wilson(first!, 6)), n: 6 },
    ]);
    // With ada's verdicts model x wins every annotated script.
    expect(r.scoreEffect.metrics.find((m) => m.key === 'win')!.corrected).toBe(1);
    expect(r.scoreEffect.metrics.find((m) => m.key === 'flip')!.corrected).toBe(0);
  }, 60_000);
});
