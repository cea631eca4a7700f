/** The price editor's form as typed and its checks, field by field. Pure, for tests. */
import type { PriceView } from '../../../shared/api/contract';
import { PriceInputSchema, type PriceInput } from '../../../shared/contract/prices';

export interface PriceDraft {
  provider: string;
  model: string;
  input: string;
  output: string;
  /** Editing an existing row: provider and model stay as they are. */
  editing: boolean;
}

export type PriceField = 'provider' | 'model' | 'input' | 'output';

export const EMPTY_PRICE: PriceDraft = { provider: 'openai', model: '', input: '', output: '', editing: false };

export function priceDraftOf(price: Pick<PriceView, 'provider' | 'model'> & Partial<PriceView>, editing: boolean): PriceDraft {
  return { provider: price.provider, model: price.model, input: price.inputPerMTok === undefined ? '' : String(price.inputPerMTok), output: price.outputPerMTok === undefined ? '' : String(price.outputPerMTok), editing };
}

const FIELD: Record<string, PriceField> = { provider: 'provider', model: 'model', inputPerMTok: 'input', outputPerMTok: 'output' };

// A decimal number as people type prices: "2.50", "0.15", ".5"; no exponents, no commas (a minus is
// let through for the schema to refuse in its own words).
const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

function parse(draft: PriceDraft) {
  return PriceInputSchema.safeParse({
    provider: draft.provider,
    model: draft.model,
    inputPerMTok: NUMBER.test(draft.input) ? Number(draft.input) : Number.NaN,
    outputPerMTok: NUMBER.test(draft.output) ? Number(draft.output) : Number.NaN,
  });
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
  return problems;
}

/** The price to save, or null while a field has a problem. */
export function priceInput(draft: PriceDraft): PriceInput | null {
  const parsed = parse(draft);
  return parsed.success ? parsed.data : null;
}
