/**
 * Issue 27, item 2 through a real set: a stratified set drawn with equal allocation reports its error
 * rate weighted back to the strata's sizes (the judge's rare label counts for its share of the run,
 * not for its share of the sample), with the sample's own k/n beside it, in the API, the CLI and the
 * results CSV; a set made before stratum sizes were kept is weighted by sizes recounted from its runs.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { edaGame } from '../../electron/engine/games/eda/game';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';
import { annotationOf } from '../../electron/engine/capabilities/annotation/provision';

describe('a stratified annotation set', () => {
  it('reports the stratum-weighted error rate, names it, and gives the sample k/n beside it', async () => {
    const store = tempStore();
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 6, repetitions: 2, seed: 3 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
    const call = apiCaller(service);
    // The judge's answers by label: the population each stratum is drawn from.
    const sizes = new Map<string, number>();
    for (const c of store.annotations.candidates([runId], annotationOf(edaGame)!.target, 'label')) if (c.label !== '') sizes.set(c.label, (sizes.get(c.label) ?? 0) + 1);
    const labels = [...sizes.keys()].sort((a, b) => sizes.get(a)! - sizes.get(b)! || a.localeCompare(b));
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const rare = labels[0]!;
    const perStratum = Math.min(...sizes.values());
    expect(perStratum).toBeGreaterThanOrEqual(2);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    // Equal allocation: the same number from each stratum, so the rare label is over-represented.
    const set = await call('annotations.create', { name: 'by label', spec: { runs: [runId], method: 'stratified', size: perStratum * labels.length, strata: ['label'], allocation: 'equal', seed: 9 } });
    const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 500 });
    expect(items).toHaveLength(perStratum * labels.length);
    // Every answer of the rare label is wrong, every other one right.
    for (const it of items) {
      if (it.label === rare) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'wrong', answer: rare === 'yes' ? 'no' : 'yes' });
      else await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'correct' });
    }

    const r = await call('annotations.results', { setId: set.id });
    // By hand: stratum h has N_h events and p_h = 1 for the rare label, 0 for the others: Σ (N_h/N) p_h = N_rare / N.
    expect(r.overall.weighting).toBe('stratum-weighted');
    expect(r.overall.rate).toBeCloseTo(sizes.get(rare)! / total, 12);
    expect([r.overall.k, r.overall.n]).toEqual([perStratum, perStratum * labels.length]);
    expect(r.inSample.rate).toBeCloseTo(1 / labels.length, 12);
    expect(r.overall.rate!).toBeLessThan(r.inSample.rate!);
    expect(r.strata.map((s) => [s.key, s.population, s.drawn, s.judged, s.wrong])).toEqual(
      [...labels].sort().map((l) => [`judgeLabel=${l}`, sizes.get(l), perStratum, perStratum, l === rare ? perStratum : 0]),
    );
    expect(r.weighting.note).toMatch(/^Stratum-weighted: .*stratum sizes as drawn.*In the sample: \d+\/\d+ = [\d.]+% wrong, unweighted\.$/);

    // The stratum sizes are kept with the set (and never leak into its spec).
    expect(store.annotations.getSet(set.id).plan!.map((s) => [s.key, s.available])).toEqual([...labels].sort().map((l) => [`judgeLabel=${l}`, sizes.get(l)]));
    expect(store.annotations.getSet(set.id).spec).not.toHaveProperty('plan');

    const pct = (x: number) => (100 * x).toFixed(2);
    const text = await parlor(store.path, ['annotations', 'report', String(set.id)]);
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain(`Judge error rate: ${pct(r.overall.rate!)}% stratum-weighted (95% CI `);
    expect(text.stdout).toContain(`; in the sample ${perStratum}/${perStratum * labels.length} = ${pct(1 / labels.length)}%`);
    const csv = parse((await call('annotations.export', { setId: set.id, what: 'results', format: 'csv' })).content, { columns: true }) as Record<string, string>[];
    expect(csv[0]).toMatchObject({ group: 'overall', estimate: 'stratum-weighted', errors: String(perStratum), n: String(perStratum * labels.length) });
    expect(Number(csv[0]!.rate)).toBeCloseTo(sizes.get(rare)! / total, 12);
    expect(Number(csv[0]!.sample_rate)).toBeCloseTo(1 / labels.length, 12);
    // Strata in words, not as stored (issue 27: "judgeLabel=maybe" in the CSV).
    expect(csv.filter((row) => row.group === 'stratum').map((row) => [row.value, row.population])).toEqual([...labels].sort().map((l) => [`judge label: ${l}`, String(sizes.get(l))]));

    // A set made before sizes were kept (no plan stored): the same sizes, recounted from the finished run.
    const raw = new Database(store.path);
    raw.prepare(`UPDATE annotation_sets SET spec = json_remove(spec, '$.plan') WHERE id = ?`).run(set.id);
    raw.close();
    const old = await call('annotations.results', { setId: set.id });
    expect(old.overall.rate).toBe(r.overall.rate);
    expect(old.weighting.note).toContain('recounted from the runs today');
    await service.close();
    store.close();
  });
});
