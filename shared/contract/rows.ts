/**
 * The shapes the store hands out and the API shows, one schema each. The engine's row types
 * (`store/types.ts`, `core/instances.ts`, `core/events.ts`) are these plus what only the engine
 * keeps (ids of players and datasets, clocks); the API's views (`shared/api/row-views.ts`) are picks
 * and renames of these. So a field added to, renamed in or retyped in a row reaches every view that
 * shows it, or the build fails: the two can no longer drift (a seat's `kind` once did: a string in the
 * view, a player kind in the store).
 */
import { z } from 'zod';
import { EVENT_KINDS, MESSAGE_ROLES, OUTCOMES } from './game';
import { EpisodeStatusSchema, ErrorKindSchema, RunStatusSchema } from './records';

export const PlayerKindSchema = z.enum(['model', 'human', 'scripted']);
export type PlayerKind = z.infer<typeof PlayerKindSchema>;

export const OutcomeSchema = z.enum(OUTCOMES);

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() }).strict();
const ImagePartSchema = z.object({ type: z.literal('image'), ref: z.string(), mime: z.string(), name: z.string().optional() }).strict();
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema]);

const Scores = z.record(z.string(), z.number());

/** An instance of a dataset as stored (the engine adds its dataset's id). */
export const InstanceSchema = z
  .object({
    id: z.number().int(),
    /** Stable within the dataset and subset (EDA: the dataset line). */
    key: z.string(),
    /** What the views call it. */
    name: z.string(),
    subset: z.string(),
    position: z.number().int(),
    /** Topic-like labels (category, occupation, experiment, map size…): heatmap and difficulty axes. */
    tags: z.record(z.string(), z.string()),
    payload: z.unknown(),
  })
  .strict();

/** Who sits in a seat of a run or an episode (the engine adds the player's id and member index). */
export const SeatSchema = z
  .object({
    seat: z.string(),
    role: z.string(),
    /** The player's name, e.g. `openai:gpt-4o` or `human:ada`. */
    player: z.string(),
    /** What the episode's seat was given (AGE: the seat's word). */
    given: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .strict();

/** One stored event of an episode: every step of the game, in order. */
export const EventSchema = z
  .object({
    id: z.number().int(),
    /** 1-based order within the episode. */
    idx: z.number().int(),
    /** The game's own round or turn number. */
    round: z.number().int(),
    /** The seat that spoke; null for the game master. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    kind: z.enum(EVENT_KINDS),
    /** The text of the content (images left out). */
    text: z.string().nullable(),
    /** The content when it holds more than text (images), else null. */
    parts: z.array(ContentPartSchema).nullable(),
    /** What the game read from it (EDA: the question; the answer's label). */
    action: z.unknown(),
    /** Whether the reply followed the game's format; null where there is no reply. */
    valid: z.boolean().nullable(),
    flags: z.array(z.string()),
    callId: z.number().int().nullable(),
    /**
     * The role the event's content has as a chat message in its seat's view (`core/seat-view.ts`): a
     * reply is in the view of the seat that gave it (`from`), anything else in the view of `to`.
     * Absent or null: not a message any seat was sent (events written before schema 16).
     */
    message: z.enum(MESSAGE_ROLES).nullable().optional(),
    /** The message replaces the seat's message at this index (0-based); the later ones stay. */
    at: z.number().int().nullable().optional(),
    /** The message comes after the seat's first `keep` messages, the rest dropped (0: a new conversation). */
    keep: z.number().int().nullable().optional(),
  })
  .strict();

/** What every view of an episode shows of its row. */
export const EpisodeSchema = z
  .object({
    id: z.number().int(),
    runId: z.number().int(),
    game: z.string(),
    repetition: z.number().int(),
    seed: z.number().int(),
    status: EpisodeStatusSchema,
    outcome: OutcomeSchema.nullable(),
    /** Episode-level scores; null until the episode is done. */
    scores: Scores.nullable(),
    /** Seat-level scores, by seat. */
    seatScores: z.record(z.string(), Scores),
    errorKind: ErrorKindSchema.nullable(),
    error: z.string().nullable(),
    /** Why a reviewer excluded this episode (kept, never counted); null when it counts. */
    invalid: z.string().nullable(),
  })
  .strict();

/** What every view of a run shows of its row. */
export const RunSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    game: z.string(),
    subset: z.string(),
    status: RunStatusSchema,
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .strict();
