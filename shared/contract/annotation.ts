import { z } from 'zod';
import { percentNumber } from '../text/number';

/** What an annotator says about one event: the game's label was right, wrong (with the right one), ambiguous, or skipped. */
export const VerdictSchema = z.enum(['correct', 'wrong', 'ambiguous', 'skip']);
export type Verdict = z.infer<typeof VerdictSchema>;

/**
 * What a set can be stratified by: the dataset, the model that produced the event, the event's own
 * label, the instance's first tag. Version-5 sets said judgeModel, judgeLabel and category.
 */
const LEGACY_STRATA: Record<string, string> = { judgeModel: 'model', judgeLabel: 'label', category: 'tag' };
export const StratumKeySchema = z.preprocess((v) => (typeof v === 'string' ? (LEGACY_STRATA[v] ?? v) : v), z.enum(['dataset', 'model', 'label', 'tag']));
export type StratumKey = z.output<typeof StratumKeySchema>;

const Id = z.number().int().positive();

/** How a set is drawn from runs' annotatable events (which ones: the game says; EDA: the judge's answers). */
export const AnnotationSpecSchema = z
  .object({
    runs: z.array(Id).min(1, 'choose at least one run'),
    method: z.enum(['random', 'stratified', 'episodes']),
    /** Items to draw (random, stratified). */
    size: z.number().int().min(1).max(100_000).optional(),
    strata: z.array(StratumKeySchema).min(1).optional(),
    /** Proportional to each stratum's size, or the same number from each (for rare labels). */
    allocation: z.enum(['proportional', 'equal']).default('proportional'),
    /** Every annotatable event of these episodes (method `episodes`). */
    episodes: z.array(Id).min(1).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    /**
     * Which items every annotator labels: `all` of them, or the first N (the overlap used for agreement);
     * the rest are labelled once, by whoever reaches them first.
     */
    overlap: z.union([z.literal('all'), z.number().int().min(0)]).default('all'),
  })
  .strict()
  .superRefine((spec, ctx) => {
    if (spec.method !== 'episodes' && spec.size === undefined) ctx.addIssue({ code: 'custom', path: ['size'], message: 'say how many items to draw' });
    if (spec.method === 'stratified' && !spec.strata?.length) ctx.addIssue({ code: 'custom', path: ['strata'], message: 'choose what to stratify by' });
    if (spec.method === 'episodes' && !spec.episodes?.length) ctx.addIssue({ code: 'custom', path: ['episodes'], message: 'choose the episodes' });
  });
export type AnnotationSpec = z.infer<typeof AnnotationSpecSchema>;
export type AnnotationSpecInput = z.input<typeof AnnotationSpecSchema>;

/**
 * A stratum of a stratified set as drawn: its key, the events it held then (`available`) and the
 * items taken from it (`take`). The sampler makes it; the store keeps the list with the set (under
 * `plan` in the spec's JSON) and checks it against this schema when it reads it back.
 */
export const StratumPlanSchema = z.object({
  key: z.string(),
  available: z.number().int().min(0),
  take: z.number().int().min(0),
});
export type StratumPlan = z.infer<typeof StratumPlanSchema>;
export const StratumPlanListSchema = z.array(StratumPlanSchema);

export const AnnotatorSchema = z.string().trim().min(1, 'give your name').max(80);

/** An error rate as UI and CLI both print it: `3.07% (95% CI 1.59–5.60%, 9/300)`. */
export function formatRate(r: { k: number; n: number; rate: number | null; low: number | null; high: number | null }): string {
  if (r.rate === null || r.low === null || r.high === null) return `— (0 judged)`;
  const pct = (x: number) => percentNumber(x, 2);
  return `${pct(r.rate)}% (95% CI ${pct(r.low)}–${pct(r.high)}%, ${r.k}/${r.n})`;
}

/**
 * The rate a results page leads with, saying which it is: a plain rate as `formatRate`; a
 * stratum-weighted one as `8.19% stratum-weighted (95% CI 4.20–15.34%); in the sample 10/30 = 33.33%`.
 */
export function formatEstimate(r: { k: number; n: number; rate: number | null; low: number | null; high: number | null; weighting: 'stratum-weighted' | 'plain' }): string {
  if (r.weighting === 'plain' || r.rate === null || r.low === null || r.high === null) return formatRate(r);
  const pct = (x: number) => percentNumber(x, 2);
  return `${pct(r.rate)}% stratum-weighted (95% CI ${pct(r.low)}–${pct(r.high)}%); in the sample ${r.k}/${r.n} = ${pct(r.k / r.n)}%`;
}
