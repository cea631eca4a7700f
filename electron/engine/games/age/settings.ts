import { z } from 'zod';
import { DEFAULT_MATCH_SETTINGS, type MatchSettings } from './match';
import { DEFAULT_AGE_METRIC_SETTINGS } from './metrics';

/** Guesses by target word: people's rulings (below). */
const GuessBook = z.record(z.string().min(1), z.array(z.string().min(1)));

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
    /**
     * People's rulings on guesses, by target word (as wordKey reads it): `synonyms` are guesses that name
     * the word though the rule missed them, `rejected` guesses the rule accepted that do not. Written by
     * applying an annotation set's corrections (annotation.ts); a rejection wins over everything.
     */
    synonyms: GuessBook.default({}),
    rejected: GuessBook.default({}),
    /** Corrections after a malformed reply; after them the utterance counts as no guess. */
    reprompts: z.number().int().min(0).max(3).default(1),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(150),
    promptVersion: z.literal('age-1').default('age-1'),
  })
  .strict();

export type AgeSettings = z.infer<typeof AgeSettingsSchema>;

/** The matcher's settings: the paper's Jaro threshold, with the run's synonym rule and people's rulings. */
export function matchSettingsOf(settings: Pick<AgeSettings, 'synonymMatch'> & Partial<Pick<AgeSettings, 'synonyms' | 'rejected'>>): MatchSettings {
  return { ...DEFAULT_MATCH_SETTINGS, synonymMatch: settings.synonymMatch, rulings: { accepted: settings.synonyms ?? {}, rejected: settings.rejected ?? {} } };
}
