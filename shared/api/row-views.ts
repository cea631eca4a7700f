/**
 * The API's views of stored rows, each a schema built from the row's own (`shared/contract/rows.ts`):
 * a view picks, renames and adds, it never restates a field. The types are what the schemas parse to,
 * and `test/integration/view-schemas.test.ts` parses every such view the API gives on real databases.
 */
import { z } from 'zod';
import { EpisodeSchema, EventSchema, InstanceSchema, OutcomeSchema, PlayerKindSchema, RunSchema, SeatSchema } from '../contract/rows';

export const SeatViewSchema = SeatSchema.extend({ kind: PlayerKindSchema }).strict();
export type SeatView = z.infer<typeof SeatViewSchema>;

export const InstanceViewSchema = InstanceSchema;
export type InstanceView = z.infer<typeof InstanceViewSchema>;

export const EpisodeSummarySchema = EpisodeSchema.pick({ id: true, runId: true, repetition: true, status: true, outcome: true, scores: true, errorKind: true, invalid: true })
  .extend({ instance: z.string() })
  .strict();
export type EpisodeSummary = z.infer<typeof EpisodeSummarySchema>;

export const EpisodeViewSchema = EpisodeSummarySchema.extend({
  ...EpisodeSchema.pick({ game: true, seatScores: true, seed: true, error: true }).shape,
  dataset: z.string(),
  datasetKind: z.string(),
  instanceView: InstanceViewSchema,
  seats: z.array(SeatViewSchema),
}).strict();
export type EpisodeView = z.infer<typeof EpisodeViewSchema>;

const TurnStatsSchema = z.object({ tokens: z.number().nullable(), latencyMs: z.number().nullable() }).strict();

export const EventViewSchema = EventSchema.extend({
  /** Tokens and time of the model call behind a reply (none for a person's). */
  turn: TurnStatsSchema.nullable().optional(),
  /** The person who typed this reply (their handle); it is not a model call. */
  typedBy: z.string().nullable().optional(),
}).strict();
export type EventView = z.infer<typeof EventViewSchema>;

export const RunSummarySchema = RunSchema.extend({
  dataset: z.string(),
  seats: z.array(SeatViewSchema),
  /** The leaderboard's name for who is evaluated (EDA: the guesser). */
  subject: z.string(),
  /** Played by this engine right now (so it can be cancelled here). */
  active: z.boolean(),
  done: z.number().int(),
  errors: z.number().int(),
  total: z.number().int(),
  outcomes: z.record(OutcomeSchema, z.number().int()),
  successRate: z.number().nullable(),
  /** Why the run's models cannot play its game (clembench: fewer images per message than it shows); such a run has no episodes. */
  cannotPlay: z.string().nullable(),
  /** The researcher's tags and note (schema 9). */
  tags: z.array(z.string()).optional(),
  note: z.string().optional(),
}).strict();
export type RunSummary = z.infer<typeof RunSummarySchema>;
