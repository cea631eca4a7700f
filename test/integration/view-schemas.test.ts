/**
 * Issue 29, item 6: the API's views of stored rows are schemas built from the rows' own
 * (`shared/api/row-views.ts` over `shared/contract/rows.ts`). Every such view the API gives on the four
 * fixture databases (schemas 5, 7, 13 and 15, migrated on open) parses strictly: no field the schema
 * lacks, none it names missing or of another type. A field added to a row but not to its schema, or a
 * view that restates a field differently, fails here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EpisodeSummarySchema, EpisodeViewSchema, EventViewSchema, RunSummarySchema, SeatViewSchema } from '../../shared/api/row-views';
import { DATABASES } from '../fixtures/outputs-29/fixtures';
import { openService } from '../support/outputs-dump';

/** The problems of `value` against `schema`, where it was found: none when it parses. */
function problems(schema: z.ZodType, value: unknown, where: string): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${where} ${i.path.join('.')}: ${i.message}`);
}

describe('the views of stored rows parse by their shared schemas', () => {
  for (const { name, gz } of DATABASES) {
    it(`on the ${name} database`, async () => {
      const dir = mkdtempSync(join(tmpdir(), `parlor-views-${name}-`));
      const db = join(dir, 'parlor.db');
      writeFileSync(db, gunzipSync(readFileSync(new URL(`../fixtures/${gz}`, import.meta.url))));
      const { store, service, close } = openService(db);
      const call = async (method: string, input: object): Promise<unknown> => {
        const reply = await service.registry.dispatch(method, input);
        if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
        return reply.result;
      };
      try {
        const found: string[] = [];
        let episodes = 0;
        const runs = (await call('runs.list', {})) as unknown[];
        expect(runs.length).toBeGreaterThan(0);
        runs.forEach((r, i) => found.push(...problems(RunSummarySchema, r, `runs.list[${i}]`)));
        for (const run of store.runs.all()) {
          const detail = (await call('runs.get', { runId: run.id })) as { summary: unknown };
          found.push(...problems(RunSummarySchema, detail.summary, `runs.get(${run.id}).summary`));
          const list = (await call('episodes.list', { runId: run.id })) as unknown[];
          list.forEach((e, i) => found.push(...problems(EpisodeSummarySchema, e, `episodes.list(${run.id})[${i}]`)));
          for (const e of store.episodes.list(run.id)) {
            const t = (await call('episodes.transcript', { episodeId: e.id })) as { episode: unknown; events: unknown[] };
            found.push(...problems(EpisodeViewSchema, t.episode, `transcript(${e.id}).episode`));
            t.events.forEach((ev, i) => found.push(...problems(EventViewSchema, ev, `transcript(${e.id}).events[${i}]`)));
            episodes += 1;
          }
        }
        expect(episodes).toBeGreaterThan(0);
        expect(found).toEqual([]);
      } finally {
        await close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }

  it('refuses a view that drifts from its row', () => {
    // A seat's kind is a player kind, not any string (the pair that had drifted).
    expect(problems(SeatViewSchema, { seat: 'guesser', role: 'guesser', player: 'openai:gpt-4o', kind: 'robot' }, 'seat')).not.toEqual([]);
    // A field the schema does not name is refused, not carried along.
    expect(problems(SeatViewSchema, { seat: 'guesser', role: 'guesser', player: 'openai:gpt-4o', kind: 'model', playerId: 3 }, 'seat')).not.toEqual([]);
    expect(problems(SeatViewSchema, { seat: 'guesser', role: 'guesser', player: 'openai:gpt-4o', kind: 'model' }, 'seat')).toEqual([]);
  });
});
