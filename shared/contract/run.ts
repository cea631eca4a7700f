import { z } from 'zod';
import { DEFAULT_GAME } from './default-game';
import { renamingLegacyKeys } from './legacy';
import { ModelConfigSchema, type ModelConfig } from './models';
import { plainText } from './plain-text';

/** Which data a run plays. Version-5 configs said `split`; it is read as `subset`. */
export const DatasetRefSchema = renamingLegacyKeys(
  { split: 'subset' },
  z
    .object({
      /** A bundled dataset (e.g. `things`), or a name for a user's file. */
      name: z.string().trim().min(1),
      /** A split or experiment; each game has its default. */
      subset: z.string().trim().min(1).optional(),
      /** A user's file of instances, in the game's format. */
      file: z.string().min(1).optional(),
      /** What kind of data a user's file holds (EDA: things | celebrities, which picks the prompts). */
      kind: z.string().trim().min(1).optional(),
      /** A named, seeded sample of the split (EDA's things-30), so runs and human games play the same items. */
      fixed: z.string().trim().min(1).optional(),
      /** Only these experiments (instances tagged `experiment`, as clembench groups them); all by default. */
      experiments: z.array(z.string().trim().min(1)).min(1).optional(),
    })
    .strict(),
);
export type DatasetRefInput = z.input<typeof DatasetRefSchema>;

/** Where a multimodal game's images come from, beyond the media store and what Parlor renders itself. */
export const ImageSourcesSchema = z
  .object({
    /** Folders holding the images the data names (a clembench checkout, a folder of photos), searched in order. */
    folders: z.array(z.string().trim().min(1)).default([]),
    /** Fetch images named by URL (MatchIt's Visual Genome photos) when a network answers. */
    download: z.boolean().default(false),
    /** `refuse`: no episode starts while an image is missing; `skip`: play only the experiments with all their images. */
    missing: z.enum(['refuse', 'skip']).default('refuse'),
  })
  .strict();
export type ImageSourcesConfig = z.infer<typeof ImageSourcesSchema>;

/** The longest note a run takes, at every door (the run page, the API, `parlor runs note`). */
export const MAX_RUN_NOTE = 4000;
export const RunNoteSchema = plainText(z.string().max(MAX_RUN_NOTE, `a note has at most ${MAX_RUN_NOTE.toLocaleString('en-US')} characters`), 'a note', 'lines');
export const RunTagSchema = plainText(z.string().max(40, 'a tag has at most 40 characters'), 'a tag');

/** Everything that defines a run; stored whole with the run so it can be reproduced. */
export const RunBatchSchema = z
  .object({
    roles: z.array(z.string().trim().min(1)).min(1).optional(),
    /** How often a batch's state is asked for. */
    pollMs: z.number().int().min(10).max(3_600_000).default(30_000),
  })
  .strict();
export type RunBatch = z.infer<typeof RunBatchSchema>;

export const RunConfigSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    game: z.string().trim().min(1).default(DEFAULT_GAME),
    dataset: DatasetRefSchema,
    /** The model for each of the game's roles; a list for a role several models fill together (AGE's players). */
    players: z.record(z.string(), z.union([ModelConfigSchema, z.array(ModelConfigSchema).min(1).max(32)])),
    /** The papers report mean ± std over repetitions; absent: the game's default (EDA 5, clembench 1). */
    repetitions: z.number().int().min(1).max(100).optional(),
    /** Episodes in flight at once. */
    concurrency: z.number().int().min(1).max(1024).default(16),
    /** Use only the first N instances of the subset (of each experiment, where the data has experiments). */
    limit: z.number().int().min(1).optional(),
    /** Drives per-episode seeds; chosen at random and recorded when absent. */
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    /** A cheap call to each model before the run, so bad keys or model ids fail fast. */
    preflight: z.boolean().default(true),
    /** Response cache: `use` reads and fills it, `only` replays offline from it. */
    cache: z.enum(['off', 'use', 'only']).default('off'),
    /** Stop the run cleanly once its estimated spend reaches this many US dollars (needs prices). */
    budgetUsd: z.number().positive().optional(),
    /** The game's settings, checked by the game (its defaults are the paper's). */
    settings: z.unknown().optional(),
    /** A multimodal game's image folders and downloads. */
    images: ImageSourcesSchema.optional(),
    /**
     * Batch mode: calls go through the providers' batch services (half price, answered within 24 hours),
     * one step of every episode per batch. `roles` limits it to some roles (e.g. only the judge's calls).
     */
    batch: RunBatchSchema.optional(),
    /**
     * A last-turn swap (EDA's planning/reasoning ablation, "X → Y"): every finished episode of `run`
     * replayed up to the last move of `seat`, which this run's model for that seat makes instead.
     */
    lastTurn: z.object({ run: z.number().int().positive(), seat: z.string().min(1) }).strict().optional(),
  })
  .strict();
export type RunConfig = z.infer<typeof RunConfigSchema>;
export type RunConfigInput = z.input<typeof RunConfigSchema>;

export type RolePlayers = RunConfig['players'][string];

/** The models of a role, in the order the run names them. */
export function roleModels(players: RolePlayers): ModelConfig[] {
  return Array.isArray(players) ? players : [players];
}

/** The model in a seat: its role's model, or the member-th of the role's list. */
export function seatModel(players: RunConfig['players'], role: string, member = 0): ModelConfig {
  const list = roleModels(players[role] ?? []);
  const model = list[Math.min(member, list.length - 1)];
  if (!model) throw new Error(`no model plays the ${role}`);
  return model;
}

/** Every model a run names, role by role. */
export function allModels(players: RunConfig['players']): { role: string; member: number; model: ModelConfig }[] {
  return Object.entries(players).flatMap(([role, p]) => roleModels(p).map((model, member) => ({ role, member, model })));
}

/** Readable one-line-per-problem text for a failed validation. */
export function describeZodError(error: z.ZodError, what: string): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.join('.') : '(root)';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys' && issue.keys.some((k) => /key|secret|token/i.test(k))) {
      message += ' (API keys are never stored: put the key in an environment variable and name it in apiKeyEnv)';
    }
    return `  - ${path}: ${message}`;
  });
  return `Invalid ${what}:\n${lines.join('\n')}`;
}
