/** The price editor's form as typed and its checks, field by field. Pure, for tests. */
import type { PriceView } from '../../../shared/api/contract';
import { PriceInputSchema, type PriceInput } from '../../../shared/contract/prices';

export interface PriceDraft {
  provider: string;
  model: string;
  input: string;
  output: string;
  /** Optional: empty means the provider's usual share of the input price. */
  cached: string;
  cacheWrite: string;
  /** Editing an existing row: provider and model stay as they are. */
  editing: boolean;
}

export type PriceField = 'provider' | 'model' | 'input' | 'output' | 'cached' | 'cacheWrite';

export const EMPTY_PRICE: PriceDraft = { provider: 'openai', model: '', input: '', output: '', cached: '', cacheWrite: '', editing: false };

export function priceDraftOf(price: Pick<PriceView, 'provider' | 'model'> & Partial<PriceView>, editing: boolean): PriceDraft {
  const text = (n: number | null | undefined) => (n === undefined || n === null ? '' : String(n));
  return { provider: price.provider, model: price.model, input: text(price.inputPerMTok), output: text(price.outputPerMTok), cached: text(price.cachedInputPerMTok), cacheWrite: text(price.cacheWritePerMTok), editing };
}

const FIELD: Record<string, PriceField> = { provider: 'provider', model: 'model', inputPerMTok: 'input', outputPerMTok: 'output', cachedInputPerMTok: 'cached', cacheWritePerMTok: 'cacheWrite' };

// A decimal number as people type prices: "2.50", "0.15", ".5"; no exponents, no commas (a minus is
// let through for the schema to refuse in its own words).
const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

function parse(draft: PriceDraft) {
  return PriceInputSchema.safeParse({
    provider: draft.provider,
    model: draft.model,
    inputPerMTok: NUMBER.test(draft.input) ? Number(draft.input) : Number.NaN,
    outputPerMTok: NUMBER.test(draft.output) ? Number(draft.output) : Number.NaN,
    cachedInputPerMTok: optional(draft.cached),
    cacheWritePerMTok: optional(draft.cacheWrite),
  });
}

/** An optional price: empty is null (the usual share), a number is itself, anything else fails the schema. */
function optional(text: string): number | null {
  if (!text.trim()) return null;
  return NUMBER.test(text) ? Number(text) : Number.NaN;
}

/** What is wrong with each field, in words; empty when the price can be saved. */
export function priceProblems(draft: PriceDraft): Partial<Record<PriceField, string>> {
  const problems: Partial<Record<PriceField, string>> = {};
  const parsed = parse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD[String(issue.path[0])];
      if (field && !problems[field]) problems[field] = `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}.`;
    }
  }
  for (const [field, text, which] of [['input', draft.input, 'input'], ['output', draft.output, 'output']] as const) {
    if (!text.trim()) problems[field] = `Type the ${which} price in USD per million tokens, e.g. 2.50.`;
    else if (!NUMBER.test(text)) problems[field] = `Type the ${which} price as a plain number of dollars, e.g. 2.50.`;
  }
  for (const [field, text, which] of [['cached', draft.cached, 'cached input'], ['cacheWrite', draft.cacheWrite, 'cache write']] as const) {
    if (text.trim() && !NUMBER.test(text)) problems[field] = `Type the ${which} price as a plain number of dollars, or leave it empty for the provider's usual share.`;
  }
  return problems;
}

/** The price to save, or null while a field has a problem. */
export function priceInput(draft: PriceDraft): PriceInput | null {
  const parsed = parse(draft);
  return parsed.success ? parsed.data : null;
}
