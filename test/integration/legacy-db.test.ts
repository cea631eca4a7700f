/**
 * A database written by Parlor at schema version 5 (before the game-agnostic core) opens, migrates in
 * place, and gives byte for byte what that version printed: per-episode CSV/JSONL, reports, episode
 * lists, every transcript, leaderboard/heatmap/difficulty exports (every finished episode counted, as
 * version 5 did), annotation reports and label exports; and rescoring it changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationsCommand } from '../../electron/cli/commands/annotations';
import { exportCommand } from '../../electron/cli/commands/export';
import { reportCommand } from '../../electron/cli/commands/report';
import { episodesCommand } from '../../electron/cli/commands/runs';
import { LATEST_SCHEMA_VERSION } from '../../electron/engine/store/migrations';
import { showCommand } from '../../electron/cli/commands/show';
import { rescoreRun } from '../../electron/engine/analysis/rescore';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { edaTurns } from '../../electron/engine/games/eda/turns';
import { Store } from '../../electron/engine/store/store';
import { bestChanges, chartChanges, csvChanges, latexChanges, viewChanges } from '../support/intended-diff';
import { apiCaller } from '../support/api';

const FIXTURE = new URL('../fixtures/legacy-v5/', import.meta.url);
const expected = (name: string) => readFileSync(new URL(`expected/${name}`, FIXTURE), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- version 5's API answers, read as loose JSON
const legacyViews = JSON.parse(expected('api-views.json')) as Record<string, any>;

/** What a CLI command prints, run in this process against the database. */
function printed(command: () => unknown): string {
  const out: string[] = [];
  const log = console.log;
  const write = process.stdout.write.bind(process.stdout);
  console.log = (...args: unknown[]) => void out.push(`${args.map(String).join(' ')}\n`);
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    command();
  } finally {
    console.log = log;
    process.stdout.write = write;
  }
  return out.join('');
}

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-legacy-'));
  db = join(dir, 'parlor-v5.db');
  writeFileSync(db, gunzipSync(readFileSync(new URL('parlor-v5.db.gz', FIXTURE))));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a version-5 database', () => {
  it('migrates in place to the current schema, keeping every run, episode, turn and label', () => {
    const store = Store.open(db);
    try {
      expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      const runs = store.runs.list();
      expect(runs).toHaveLength(11);
      expect(runs.reduce((a, r) => a + r.episodes, 0)).toBe(138);
      // 2,373 turns became 4,746 events; 66 annotated judge answers point at their events.
      expect(runs.flatMap((r) => store.episodes.list(r.id)).reduce((a, e) => a + store.events.list(e.id).length, 0)).toBe(4746);
      expect(store.annotations.listSets().reduce((a, s) => a + s.items, 0)).toBe(66);
    } finally {
      store.close();
    }
  });

  it('exports every run as the same CSV and JSONL, and prints the same reports and episode lists', () => {
    const hinted: unknown[] = [];
    for (let run = 1; run <= 11; run++) {
      const csv = printed(() => exportCommand(String(run), { format: 'csv', db }));
      const jsonl = printed(() => exportCommand(String(run), { format: 'jsonl', db }));
      if (run < 9) {
        expect(csv, `run ${run} csv`).toBe(expected(`run-${run}.csv`));
        expect(jsonl, `run ${run} jsonl`).toBe(expected(`run-${run}.jsonl`));
      } else {
        // A person's runs (9–11) gained a last `hinted` column in issue 17; every other cell is as it was.
        expect(csv.split('\r\n')[0]!.endsWith(',hinted'), `run ${run} csv`).toBe(true);
        expect(csvChanges(csv, expected(`run-${run}.csv`), `run ${run} csv`)).toEqual([]);
        const rows = jsonl.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(rows.map(({ hinted: _h, ...r }) => r), `run ${run} jsonl`).toEqual(expected(`run-${run}.jsonl`).trim().split('\n').map((l) => JSON.parse(l)));
        hinted.push(...rows.filter((r) => r.hinted === 1).map((r) => r.episode_id));
      }
      expect(printed(() => reportCommand(String(run), { db })), `run ${run} report`).toBe(expected(`run-${run}-report.txt`));
      expect(printed(() => episodesCommand(String(run), { db })), `run ${run} episodes`).toBe(expected(`run-${run}-episodes.txt`));
      const json = JSON.parse(printed(() => reportCommand(String(run), { json: true, db })));
      const legacy = JSON.parse(expected(`run-${run}-report.json`));
      expect(json.metrics).toEqual(legacy.metrics);
      expect(json.repetitions.map(({ counts: _c, ...r }: { counts: unknown }) => r)).toEqual(legacy.repetitions);
      expect([json.done, json.errors, json.unfinished, json.invalid]).toEqual([legacy.done, legacy.errors, legacy.unfinished, legacy.invalid]);
    }
    // Version 5 recorded one hinted game (episode 136): the column says so.
    expect(hinted).toEqual([136]);
  });

  it('shows every transcript, human games included, as it was', () => {
    for (let episode = 1; episode <= 138; episode++) {
      expect(printed(() => showCommand(String(episode), { db })), `episode ${episode}`).toBe(expected(`episode-${episode}.txt`));
    }
  });

  it('rescoring changes no episode', () => {
    const store = Store.open(db);
    try {
      for (let run = 1; run <= 11; run++) expect(rescoreRun(store, run).changed, `run ${run}`).toBe(0);
    } finally {
      store.close();
    }
  });

  it('exports the same leaderboards, heatmaps and difficulty tables (every finished episode counted, as version 5 did)', () => {
    const view = (what: string, format: string, dataset: string, extra: Record<string, string | undefined> = {}) =>
      printed(() => exportCommand(what, { format, db, dataset, instances: 'all', ...extra }));
    for (const dataset of ['things', 'celebrities']) {
      for (const split of [undefined, 'test']) {
        const slug = `${dataset}${split ? `-${split}` : ''}`;
        const f = split ? { split } : {};
        // Issue 17 changed intervals, "too few" cells, ties in bold and captions on purpose (test/support/intended-diff.ts): nothing else.
        expect(csvChanges(view('leaderboard', 'csv', dataset, f), expected(`leaderboard-${slug}.csv`)), slug).toEqual([]);
        expect(latexChanges(view('leaderboard', 'latex', dataset, f), expected(`leaderboard-${slug}.tex`)), slug).toEqual([]);
        expect(view('difficulty', 'csv', dataset, f), slug).toBe(expected(`difficulty-${slug}.csv`));
        expect(chartChanges(view('difficulty', 'svg', dataset, f), expected(`difficulty-${slug}.svg`)), slug).toEqual([]);
        for (const topic of dataset === 'things' ? ['category'] : ['occupation', 'nationality', 'era', 'gender']) {
          for (const metric of ['score', 'success']) expect(csvChanges(view('heatmap', 'csv', dataset, { ...f, topic, metric }), expected(`heatmap-${slug}-${topic}-${metric}.csv`))).toEqual([]);
          expect(latexChanges(view('heatmap', 'latex', dataset, { ...f, topic }), expected(`heatmap-${slug}-${topic}.tex`))).toEqual([]);
          expect(chartChanges(view('heatmap', 'svg', dataset, { ...f, topic }), expected(`heatmap-${slug}-${topic}.svg`))).toEqual([]);
        }
      }
      expect(csvChanges(view('leaderboard', 'csv', dataset, { judge: 'openai:mock-judge' }), expected(`leaderboard-${dataset}-judge.csv`))).toEqual([]);
      expect(view('difficulty', 'csv', dataset, { axis: `topic:${dataset === 'things' ? 'category' : 'occupation'}` })).toBe(expected(`difficulty-${dataset}-topic.csv`));
    }
  });

  it('reports the same annotation results and exports the same labels; the stratified set weighted back to its strata (issue 27)', () => {
    // Issue 27: Wilson's bound at 0/n is exactly 0 (version 5 printed its rounding residue, 2.8e-17).
    const residue = (x: number | null) => (x === null ? null : Math.round(x * 1e12) / 1e12);
    const interval = (r: { k: number; n: number; rate: number | null; low: number | null; high: number | null }) => ({ k: r.k, n: r.n, rate: r.rate, low: residue(r.low), high: residue(r.high) });
    for (const set of [1, 2, 3]) {
      const run = (action: string, flags: Record<string, unknown> = {}) => printed(() => annotationsCommand(action, [String(set)], { db, ...flags }));
      const now = JSON.parse(run('report', { json: true }));
      const then = JSON.parse(expected(`annotations-${set}-report.json`));
      // Issue 27 names the estimate under the headline rate; a plain set's rates are as they were.
      const [head, ...rest] = run('report').split('\n');
      if (set !== 2) {
        expect(rest[1], `set ${set}`).toMatch(/^Plain rate: /);
        expect([head, rest[0], ...rest.slice(2)].join('\n'), `set ${set}`).toBe(expected(`annotations-${set}-report.txt`));
        expect(interval(now.overall)).toEqual(interval(then.overall));
        expect([now.by.label, now.by.dataset, now.by.model, now.by.tag].map((groups) => groups.map(({ key, ...r }: { key: string; k: number; n: number; rate: number | null; low: number | null; high: number | null }) => ({ key, ...interval(r) })))).toEqual([then.by.judgeLabel, then.by.dataset, then.by.judgeModel, then.by.category].map((groups: { key: string; k: number; n: number; rate: number | null; low: number | null; high: number | null }[]) => groups.map(({ key, ...r }) => ({ key, ...interval(r) }))));
      }
      expect(interval(now.inSample)).toEqual(interval(then.overall));
      // The results CSV gained the estimate's name, the effective n, the sample's rate and the strata's sizes.
      const csv = parse(run('report', { csv: true }), { columns: true }) as Record<string, string>[];
      const old = parse(expected(`annotations-${set}-report.csv`), { columns: true }) as Record<string, string>[];
      const cell = (c: string, v: string | undefined) => (['ci_low', 'ci_high'].includes(c) && v ? String(residue(Number(v))) : v);
      const kept = (row: Record<string, string>): Record<string, string | undefined> => Object.fromEntries(Object.keys(old[0]!).filter((c) => set !== 2 || !['rate', 'ci_low', 'ci_high'].includes(c)).map((c) => [c, cell(c, row[c])]));
      expect(csv.filter((row) => row.group !== 'stratum').map(kept)).toEqual(old.map(kept));
      // Issue 17 gave the labels CSV readable headers; `--headers keys` keeps version 5's bytes.
      expect(run('export', { headers: 'keys' })).toBe(expected(`annotations-${set}-labels.csv`));
      expect(run('export', { format: 'jsonl' })).toBe(expected(`annotations-${set}-labels.jsonl`));
      expect(now.confusion.counts).toEqual(then.confusion.counts);
      expect(now.agreement.kappa).toEqual(then.agreement.kappa);
      expect(now.scoreEffect.metrics[0]).toMatchObject({ key: 'yes', asPlayed: then.scoreEffect.yesAsPlayed, corrected: then.scoreEffect.yesCorrected });
      expect(now.scoreEffect.changed).toBe(then.scoreEffect.changedTurns);
    }
    // Set 2 drew 6, 5 and 5 of the judge's dunno, no and yes answers (equal allocation) from run 3's
    // 34, 188 and 94; judged: 0/6, 1/3 and 2/4 wrong. Version 5 reported the sample's 3/13 = 23.08%; weighted
    // by the strata's sizes (recounted from the run: the set predates kept sizes) it is
    // (34·0 + 188·1/3 + 94·1/2) / 316 = 329/948 = 34.70%: the over-drawn dunno answers were all right.
    const stratified = JSON.parse(printed(() => annotationsCommand('report', ['2'], { db, json: true })));
    expect(stratified.strata.map((s: { key: string; population: number; drawn: number; judged: number; wrong: number }) => [s.key, s.population, s.drawn, s.judged, s.wrong])).toEqual([
      ['judgeLabel=dunno', 34, 6, 6, 0],
      ['judgeLabel=no', 188, 5, 3, 1],
      ['judgeLabel=yes', 94, 5, 4, 2],
    ]);
    expect(stratified.overall).toMatchObject({ weighting: 'stratum-weighted', k: 3, n: 13 });
    expect(stratified.overall.rate).toBeCloseTo(329 / 948, 15);
    // Var = (188/316)²·(1 − 3/188)·(1/3·2/3)/2 + (94/316)²·(1 − 4/94)·(1/2·1/2)/3; n_eff = p(1 − p)/Var = 4.952.
    const variance = (188 / 316) ** 2 * (1 - 3 / 188) * (2 / 9 / 2) + (94 / 316) ** 2 * (1 - 4 / 94) * (0.25 / 3);
    expect(stratified.overall.effectiveN).toBeCloseTo(((329 / 948) * (619 / 948)) / variance, 12);
    const text = printed(() => annotationsCommand('report', ['2'], { db }));
    expect(text).toMatch(/^Judge error rate: 34\.70% stratum-weighted \(95% CI [\d.]+–[\d.]+%\); in the sample 3\/13 = 23\.08%$/m);
    expect(text).toContain('stratum sizes recounted from the runs today');
  });

  it('gives the API the same numbers: run tables, leaderboards, human games as the Play page showed them', async () => {
    const store = Store.open(db);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const call = apiCaller(service);
    try {
      for (let run = 1; run <= 11; run++) {
        const now = await call('runs.get', { runId: run });
        const then = legacyViews[`runs.get ${run}`];
        expect(now.metrics.map((m) => m.value)).toEqual(then.metrics.map((m: { value: unknown }) => m.value));
        expect(now.perRepetition).toEqual(then.perRepetition);
        expect([now.errorsExcluded, now.invalidExcluded, now.pending, now.calls]).toEqual([then.errorsExcluded, then.invalidExcluded, then.pending, then.calls]);
        // Version 5 showed the priced models' part as the whole cost; with a model unpriced it is now unknown.
        expect(now.costUsd).toBe(now.costUnpriced?.length ? null : then.costUsd);
      }
      for (const dataset of ['things', 'celebrities']) {
        const now = await call('explore.leaderboard', { filters: { dataset, instances: 'all' } });
        const then = legacyViews[`explore.leaderboard ${dataset}`];
        const rows = now.rows.map(({ leftOut: _l, aggregates: _a, metrics, ...r }) => ({ ...r, metrics: Object.fromEntries(Object.entries(metrics).map(([k, { n: _n, ...c }]) => [k, c])) }));
        expect(viewChanges(rows, then.rows)).toEqual([]);
        // human:ada's one-game rows topped the table in bold; with under 5 episodes it no longer may.
        expect(bestChanges(now, then.best)).toEqual([]);
        expect(now.best.turns).not.toContain('human:ada');
      }
      for (const key of Object.keys(legacyViews).filter((k) => k.startsWith('human.state '))) {
        const episodeId = Number(key.split(' ')[1]);
        const then = legacyViews[key];
        const now = await call('human.state', { episodeId });
        const turns = edaTurns(store.events.list(episodeId)).turns.map((t) => ({ idx: t.idx, question: t.question, answer: t.reply, label: t.label, mustGuess: t.reply.endsWith(" You must guess now, what's it?") }));
        expect(turns).toEqual(then.turns);
        expect([now.status, now.outcome, now.instance, now.hinted, now.instructions]).toEqual([then.status, then.outcome === 'win' ? 'success' : then.outcome === 'loss' ? 'failure' : then.outcome, then.entity, then.hinted, then.instructions]);
      }
    } finally {
      await service.close();
      store.close();
    }
  });
});
