import { z } from 'zod';
import { EdaKindSchema, EdaSettingsSchema } from '../games/eda';
import { ModelConfigSchema } from './models';

export const SplitSchema = z.enum(['train', 'dev', 'test']);
export type Split = z.infer<typeof SplitSchema>;

export const DatasetRefSchema = z
  .object({
    /** A bundled dataset (`things`, `celebrities`) or a name for a custom file. */
    name: z.string().trim().min(1),
    split: SplitSchema.default('test'),
    /** A custom list, one entity per line (`|` separates aliases); `kind` then picks the prompts. */
    file: z.string().min(1).optional(),
    kind: EdaKindSchema.optional(),
  })
  .strict();
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

/** Everything that defines a run; stored whole with the run so it can be reproduced. */
export const RunConfigSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    game: z.literal('eda').default('eda'),
    dataset: DatasetRefSchema,
    players: z.object({ guesser: ModelConfigSchema, judge: ModelConfigSchema }).strict(),
    /** The paper reports mean ± std over 5 repetitions. */
    repetitions: z.number().int().min(1).max(100).default(5),
    /** Episodes in flight at once. */
    concurrency: z.number().int().min(1).max(1024).default(16),
    /** Use only the first N entities of the split. */
    limit: z.number().int().min(1).optional(),
    /** Drives per-episode seeds; chosen at random and recorded when absent. */
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    /** A cheap call to each model before the run, so bad keys or model ids fail fast. */
    preflight: z.boolean().default(true),
    /** Response cache: `use` reads and fills it, `only` replays offline from it. */
    cache: z.enum(['off', 'use', 'only']).default('off'),
    /** Stop the run cleanly once its estimated spend reaches this many US dollars (needs prices). */
    budgetUsd: z.number().positive().optional(),
    settings: EdaSettingsSchema.prefault({}),
  })
  .strict();
export type RunConfig = z.infer<typeof RunConfigSchema>;
export type RunConfigInput = z.input<typeof RunConfigSchema>;

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
