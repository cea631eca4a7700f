/**
 * Every export reads back as it was written (issue 27, items 1 and 4): runs whose players, entities,
 * questions, annotators and notes hold hostile text (newlines alone and as CRLF, quotes, commas,
 * `& % _ #`, formula-looking starts, non-Latin letters) are exported in every CSV, JSONL and LaTeX
 * format the app and the CLI offer; Python's csv module reads each CSV back with one record per row
 * and every hostile cell as written, JSON.parse reads each JSONL line, pdflatex compiles every LaTeX
 * table and pdftotext finds the names in the PDF.
 */
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { logSourceById } from '../../electron/engine/games/registry';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { importLogs } from '../../electron/engine/runner/import-logs';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { apiCaller, type ApiCall } from '../support/api';
import { BIN, parlor } from '../support/cli';
import { compileLatex, hasPdflatex, readCsvWithPython } from '../support/standard-readers';
import { tempDir, tempStore, writeList } from '../support/tmp';

/** Model names a user may give (anything but control characters), each a hostile CSV and LaTeX cell. */
const PLAYER_A = 'evil, "quoted" & 100% _#1';
const PLAYER_B = '=cmd|calc ü ✓';
const ENTITIES = ['Guitar, "acoustic"', 'Piano & 100% #1', '=SUM(A1)', 'Zoë_Łódź', '+Violin', '-Drum', '@Flute'];
/**
 * Questions span lines (a bare LF, a CRLF) and carry quotes, commas and formula starts; asked in turn.
 * The last one asked holds a bare LF and nothing else a CSV writer quotes for: the case that broke.
 */
const QUESTIONS = ['@is it small, or big?', 'Is it =1+2 & "loud"\r\nreally?', 'Is it made\nof wood?'];
/** The judge never says Bingo, so every game is lost at this turn and ends on this question: two lines. */
const MAX_TURNS = 6;
const LAST_QUESTION = QUESTIONS[(MAX_TURNS - 1) % QUESTIONS.length]!;
const ANNOTATOR = 'ada, "the" =reviewer';
/** Topics of the entities (a user's list has none: written into the file, as a topics file would give them). */
const TOPICS = ['tools, "hand" & 50% #x', '=formula topic', 'plain'];
const NOTE = 'first line\nsecond line';
/**
 * A reply a terminal would obey: ESC sequences (clear the screen, colour), a bare CR that overwrites
 * the line, a C1 CSI and a bidi override (the last two JSON leaves as they are). An export holds it as
 * the model wrote it, and so must the CLI's output when it goes to a pipe or a file.
 */
const CONTROL_QUESTION = 'Is it \u001b[2J\u001b[31mred\u001b[0m?\rOr \u009b1m blue \u202e?';

/** What a spreadsheet-safe CSV cell reads back as: a formula start defused with an apostrophe. */
const csvCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function guesser(questions: readonly string[]) {
  return new ScriptedModel('hostile-guesser', (r) => questions[r.messages.filter((m) => m.role === 'assistant').length % questions.length]!);
}

async function play(store: Store, file: string, player: string, seed: number, questions: readonly string[] = QUESTIONS): Promise<number> {
  // Judge: Yes to every other question, never Bingo.
  const createModel = (c: { model: string }) => (c.model === player ? guesser(questions) : new ScriptedModel('judge', (r) => (r.messages.at(-1)!.content.length % 2 === 0 ? 'No.' : 'Yes.')));
  const { runId } = await prepareRun(
    store,
    {
      name: `run of ${player}, with "quotes"`,
      dataset: { name: 'hostile', file, kind: 'things', subset: 'train' },
      repetitions: 2,
      seed,
      preflight: false,
      settings: { maxTurns: MAX_TURNS },
      players: { guesser: { provider: 'scripted', model: player }, judge: { provider: 'scripted', model: 'judge' } },
    },
    { createModel },
  );
  await executeRun(store, runId, { createModel });
  return runId;
}

/** A clembench results tree whose model-pair folder names a hostile model (folder names travel into player names). */
function hostileClembenchTree(): string {
  const root = tempDir();
  cpSync(join(import.meta.dirname, '../fixtures/clembench-runs'), root, { recursive: true });
  const pair = readdirSync(join(root, 'v1.6')).find((p) => p.startsWith('Mixtral-'))!;
  renameSync(join(root, 'v1.6', pair), join(root, 'v1.6', 'odd, "model" & 50% #2-t0.0--odd, "model" & 50% #2-t0.0'));
  return root;
}

/** Reads a CSV back with Python: every record has the header's width, and the count is what the caller expects. */
function pythonRows(csv: string, what: string): Record<string, string>[] {
  const rows = readCsvWithPython(csv);
  expect(rows.length, `${what}: no header`).toBeGreaterThan(0);
  const [header, ...body] = rows;
  for (const [i, row] of body.entries()) expect(row.length, `${what} record ${i + 1}: ${JSON.stringify(row)}`).toBe(header!.length);
  return body.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])));
}

/** Runs `parlor` with its stdout a pipe, as `parlor export … | file` has it: the bytes as written, not decoded chunk by chunk. */
function parlorBytes(db: string, args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', db, ...args], { env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

async function setup() {
  const store = tempStore();
  const file = writeList(ENTITIES);
  const runA = await play(store, file, PLAYER_A, 1);
  const runB = await play(store, file, PLAYER_B, 2);
  const dataset = store.runs.get(runA).datasetName;
  const db = new Database(store.path);
  const tag = db.prepare(`UPDATE instances SET tags = json_object('category', ?) WHERE name = ?`);
  ENTITIES.forEach((e, i) => tag.run(TOPICS[i % TOPICS.length], e));
  db.close();
  await importLogs(store, logSourceById('clembench').read(hostileClembenchTree()));
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  return { store, runA, runB, call: apiCaller(service), filters: { game: 'eda', dataset, instances: 'all' as const, minEpisodes: 1 } };
}

async function annotate(call: ApiCall, runs: number[]) {
  const set = await call('annotations.create', { name: 'hostile set', spec: { runs, method: 'random', size: 8, seed: 1 } });
  const queue = await call('annotations.queue', { setId: set.id, annotator: ANNOTATOR, limit: 50 });
  for (const [i, item] of queue.items.entries()) {
    if (i % 2 === 0) await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: ANNOTATOR, verdict: 'wrong', answer: item.label === 'yes' ? 'no' : 'yes', note: NOTE });
    else await call('annotations.label', { setId: set.id, itemId: item.itemId, annotator: ANNOTATOR, verdict: 'correct', note: NOTE });
  }
  return set.id;
}

describe('exports with hostile cells', () => {
  it('every CSV reads back in Python with one record per row and each hostile cell as written; every JSONL line parses', async () => {
    const { store, runA, runB, call, filters } = await setup();

    // Episodes: one record per episode, the final question (two lines, quotes, a formula start) as asked.
    for (const runId of [runA, runB]) {
      const episodes = store.episodes.list(runId);
      const csv = await call('runs.export', { runId, format: 'csv' });
      const rows = pythonRows(csv.content, `run ${runId} CSV`);
      expect(rows).toHaveLength(episodes.length);
      expect(new Set(rows.map((r) => r.entity))).toEqual(new Set(ENTITIES.map(csvCell)));
      for (const row of rows) expect(row.final_question).toBe(LAST_QUESTION);
      const jsonl = await call('runs.export', { runId, format: 'jsonl' });
      const lines = jsonl.content.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(episodes.length);
      expect(new Set(lines.map((l) => l.entity))).toEqual(new Set(ENTITIES));
      for (const line of lines) expect(line.final_question).toBe(LAST_QUESTION);
    }

    // Cross-run views: a record per player (and topic, level or pair), the players' names as written.
    const views = [
      ['leaderboard', {}],
      ['heatmap', { topic: 'category', metric: 'score' }],
      ['breakdown', { topic: 'category', metric: 'score' }],
      ['difficulty', { axis: 'item' }],
      ['significance', { metric: 'score' }],
    ] as const;
    for (const [view, extra] of views) {
      const csv = await call('explore.export', { view, format: 'csv', filters, ...extra });
      const rows = pythonRows(csv.content, `${view} CSV`);
      expect(rows.length, view).toBeGreaterThan(0);
      const text = JSON.stringify(rows);
      for (const player of [PLAYER_A, PLAYER_B]) expect(text, `${view} names ${player}`).toContain(JSON.stringify(`scripted:${player}`).slice(1, -1));
      if (view === 'heatmap' || view === 'breakdown') for (const topic of TOPICS) expect(text, `${view} names ${topic}`).toContain(JSON.stringify(csvCell(topic)).slice(1, -1));
    }
    const board = await call('explore.leaderboard', { filters });
    expect(pythonRows((await call('explore.export', { view: 'leaderboard', format: 'csv', filters })).content, 'leaderboard')).toHaveLength(board.rows.length);

    // Annotation: labels and results, the annotator and the two-line note as written.
    const setId = await annotate(call, [runA, runB]);
    const labels = pythonRows((await call('annotations.export', { setId, what: 'labels', format: 'csv' })).content, 'labels CSV');
    expect(labels).toHaveLength(8);
    for (const row of labels) {
      expect(Object.values(row)).toContain(ANNOTATOR);
      expect(Object.values(row)).toContain(NOTE);
    }
    const labelLines = (await call('annotations.export', { setId, what: 'labels', format: 'jsonl' })).content.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(labelLines).toHaveLength(8);
    expect(labelLines.every((l) => Object.values(l).includes(NOTE))).toBe(true);
    pythonRows((await call('annotations.export', { setId, what: 'results', format: 'csv' })).content, 'results CSV');
    const report = await parlor(store.path, ['annotations', 'report', String(setId), '--csv']);
    expect(report.code, report.stderr).toBe(0);
    pythonRows(report.stdout, 'annotations report --csv');

    // Failure-mode counts, the clembench tables (a model named by a hostile folder), a swap matrix.
    pythonRows((await call('tags.export', { runIds: [runA, runB], format: 'csv' })).content, 'tags CSV');
    const clem = pythonRows((await call('suite.export', { suite: 'clembench', format: 'csv' })).content, 'clemscore CSV');
    expect(clem.map((r) => Object.values(r).join(' ')).join(' ')).toContain('odd, "model" & 50% #2');
    pythonRows((await call('comparison.export', { comparison: 'clembench_text_vs_images', format: 'csv' })).content, 'comparison CSV');
    pythonRows((await call('ablation.export', { runIds: [runA, runB], format: 'csv' })).content, 'ablation CSV');

    // The CLI writes the same bytes as the API.
    const cli = await parlor(store.path, ['export', String(runA), '--format', 'csv']);
    expect(cli.stdout).toBe((await call('runs.export', { runId: runA, format: 'csv' })).content);
    // Training data: one JSON object per line.
    const training = await parlor(store.path, ['export', 'training', '--runs', `${runA},${runB}`, '--games', 'all']);
    expect(training.code, training.stderr).toBe(0);
    for (const line of training.stdout.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  }, 240_000);

  it('the CLI prints an export to a pipe byte for byte, control characters in a model reply included', async () => {
    const store = tempStore();
    const runId = await play(store, writeList(ENTITIES.slice(0, 2)), 'control-guesser', 3, [CONTROL_QUESTION]);
    const call = apiCaller(createApiService({ store, vault: new MemoryVault(), mode: 'browser' }));
    const setId = (await call('annotations.create', { name: 'control set', spec: { runs: [runId], method: 'random', size: 4, seed: 1 } })).id;
    const queue = await call('annotations.queue', { setId, annotator: 'ada', limit: 10 });
    for (const item of queue.items) await call('annotations.label', { setId, itemId: item.itemId, annotator: 'ada', verdict: 'correct' });
    const dir = tempDir();

    const doors = [
      { what: 'run CSV', args: ['export', String(runId), '--format', 'csv'], api: await call('runs.export', { runId, format: 'csv' }) },
      { what: 'run JSONL', args: ['export', String(runId), '--format', 'jsonl'], api: await call('runs.export', { runId, format: 'jsonl' }) },
      { what: 'labels CSV', args: ['annotations', 'export', String(setId)], api: await call('annotations.export', { setId, what: 'labels', format: 'csv' }) },
      { what: 'labels JSONL', args: ['annotations', 'export', String(setId), '--format', 'jsonl'], api: await call('annotations.export', { setId, what: 'labels', format: 'jsonl' }) },
      { what: 'training JSONL', args: ['export', 'training', '--runs', String(runId), '--games', 'all'], api: null },
    ];
    for (const [i, door] of doors.entries()) {
      const file = join(dir, `export-${i}`);
      const written = await parlorBytes(store.path, [...door.args, '-o', file]);
      expect(written.code, `${door.what} -o: ${written.stderr}`).toBe(0);
      const exact = readFileSync(file);
      if (door.api) expect(exact.toString('utf8'), `${door.what}: the file is the API's export`).toBe(door.api.content);
      // The reply is in the export as the model wrote it (a raw ESC in the CSV, escaped only as JSON escapes it).
      expect(exact.toString('utf8'), door.what).toContain(door.what.endsWith('CSV') ? CONTROL_QUESTION : '\u009b1m blue \u202e?');
      const piped = await parlorBytes(store.path, door.args);
      expect(piped.code, `${door.what}: ${piped.stderr}`).toBe(0);
      expect(piped.stdout.toString('utf8'), `${door.what} on stdout`).toBe(exact.toString('utf8'));
      expect(piped.stdout.equals(exact), `${door.what} on stdout, byte for byte`).toBe(true);
    }
  }, 240_000);

  it.skipIf(!hasPdflatex)('every LaTeX table compiles with pdflatex and names the players as written', async () => {
    const { runA, runB, call, filters } = await setup();
    const tables = [
      (await call('explore.export', { view: 'leaderboard', format: 'latex', filters })).content,
      (await call('explore.export', { view: 'heatmap', format: 'latex', filters, topic: 'category', metric: 'score' })).content,
      (await call('explore.export', { view: 'breakdown', format: 'latex', filters, topic: 'category', metric: 'score' })).content,
      (await call('explore.export', { view: 'significance', format: 'latex', filters, metric: 'score' })).content,
      (await call('tags.export', { runIds: [runA, runB], format: 'latex' })).content,
      (await call('ablation.export', { runIds: [runA, runB], format: 'latex' })).content,
      (await call('suite.export', { suite: 'clembench', format: 'latex' })).content,
      (await call('suite.export', { suite: 'clembench', format: 'latex', grouped: true })).content,
      (await call('comparison.export', { comparison: 'clembench_text_vs_images', format: 'latex' })).content,
    ];
    const { error, text } = compileLatex(tables);
    expect(error).toBeNull();
    if (text === null) return;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('scripted:evil, "quoted" & 100% _#1');
    expect(flat).toContain('scripted:=cmd|calc ü [U+2713]');
    expect(flat).toContain('odd, "model" & 50% #2');
  }, 240_000);
});
