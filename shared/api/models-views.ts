/** What the price table editor shows (issue 17: keys and models). */

export interface PriceView {
  provider: string;
  model: string;
  /** USD per million tokens. */
  inputPerMTok: number;
  outputPerMTok: number;
  /** Cached input and cache writes; null: the provider's usual share of the input price. */
  cachedInputPerMTok: number | null;
  cacheWritePerMTok: number | null;
  updatedAt: string;
}

export interface PriceTableView {
  prices: PriceView[];
  /** Saved models with no price yet, `provider:model` once each, with the names they are saved under. */
  missing: { provider: string; model: string; profiles: string[] }[];
}
