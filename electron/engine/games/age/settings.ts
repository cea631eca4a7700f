import { z } from 'zod';
import { DEFAULT_MATCH_SETTINGS, type MatchSettings } from './match';
import { DEFAULT_AGE_METRIC_SETTINGS } from './metrics';

/**
 * AGE settings. Rounds: the paper ends every conversation after five rounds (§4.1, §4.2). The paper
 * is silent on sampling, prompts and malformed replies: temperature 0 (greedy, so an episode can be
 * replayed), 150 tokens (two short lines fit with room to spare), one reprompt, and Parlor's own
 * prompts (`age-1`, see prompts.ts) are Parlor's choices.
 */
export const AgeSettingsSchema = z
  .object({
    /** Seats holding word 1 and word 2: the paper's Figure 1 seats four, two per word; its §4.2 one model against one. */
    groups: z.tuple([z.number().int().min(1), z.number().int().min(1)]).default([2, 2]).refine(([a, b]) => a + b <= 12, 'at most 12 seats'),
    rounds: z.number().int().min(1).max(50).default(5),
    /** How metrics.ts reads f and l: utterance positions (default) or rounds. */
    unit: z.enum(['utterance', 'round']).default(DEFAULT_AGE_METRIC_SETTINGS.unit),
    /** How a guess is compared with the annotators' synonyms (match.ts). */
    synonymMatch: z.enum(['exact', 'jaro']).default(DEFAULT_MATCH_SETTINGS.synonymMatch),
    /** Corrections after a malformed reply; after them the utterance counts as no guess. */
    reprompts: z.number().int().min(0).max(3).default(1),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(150),
    promptVersion: z.literal('age-1').default('age-1'),
  })
  .strict();

export type AgeSettings = z.infer<typeof AgeSettingsSchema>;

/** The matcher's settings: the paper's Jaro threshold, with the run's synonym rule. */
export function matchSettingsOf(settings: Pick<AgeSettings, 'synonymMatch'>): MatchSettings {
  return { ...DEFAULT_MATCH_SETTINGS, synonymMatch: settings.synonymMatch };
}
