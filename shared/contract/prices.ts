import { z } from 'zod';
import { ProviderIdSchema } from './models';

/** The highest price the editor takes, USD per million tokens: anything above is a typo. */
export const MAX_PRICE_PER_MTOK = 10_000;

const pricePerMTok = (which: string) =>
  z
    .number({ error: `the ${which} price must be a number (USD per million tokens)` })
    .finite(`the ${which} price must be a number (USD per million tokens)`)
    .min(0, `the ${which} price cannot be negative`)
    .max(MAX_PRICE_PER_MTOK, `the ${which} price is over $${MAX_PRICE_PER_MTOK.toLocaleString('en-US')} per million tokens; is it per million?`);

/** The model a price is for, as runs record it: provider and model id. */
export const PricedModelSchema = z
  .object({
    provider: ProviderIdSchema,
    model: z.string().trim().min(1, 'the model id is empty').max(200, 'the model id is longer than 200 characters'),
  })
  .strict();

/** One row of the price table: USD per million input and output tokens. */
export const PriceInputSchema = PricedModelSchema.extend({
  inputPerMTok: pricePerMTok('input'),
  outputPerMTok: pricePerMTok('output'),
  /** Prompt tokens read from the provider's cache; absent or null: the provider's usual share (OpenAI ½, Anthropic ⅒ of input). */
  cachedInputPerMTok: pricePerMTok('cached input').nullable().optional(),
  /** Prompt tokens written to the cache (Anthropic); absent or null: 1.25 × input on Anthropic. */
  cacheWritePerMTok: pricePerMTok('cache write').nullable().optional(),
}).strict();
export type PriceInput = z.infer<typeof PriceInputSchema>;
