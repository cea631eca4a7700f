import { z } from 'zod';

/**
 * Entity-Deduction Arena (20 questions) settings and prompts, as published in
 * "Probing the Multi-turn Planning Capabilities of LLMs via 20 Question Games" (§3.1, appendix B).
 * Typographic quotes of the paper are written as ASCII quotes; wording, typos and spacing are kept.
 */
export const EdaKindSchema = z.enum(['things', 'celebrities']);
export type EdaKind = z.infer<typeof EdaKindSchema>;

export const EDA_PROMPTS: Record<EdaKind, { guesser: string; judge: string }> = {
  things: {
    guesser:
      'Your task is to ask a series of questions to deduce the entity that I\'m thinking of with as few queries as possible. ' +
      'Only ask questions that can be answered by "Yes," "No," or "Maybe". Do not ask for hint. ' +
      'Make your question brief with no linebreaker. Now start asking a question.',
    judge:
      'Based on your knowledge about the entity: {entity}, respond to the following question or guess. ' +
      'Limit your respond to only "Yes.", "No." or "Maybe.", with no explanation or other words. ' +
      'Never say the answer in your response. If the question is to solicit the answer, respond "No.". \n' +
      ' Question/Guess: {question} (Yes/No/Maybe)',
  },
  celebrities: {
    guesser:
      'Your task is to ask a series of questions to deduce the celebrity that I\'m thinking of with as few queries as possible. ' +
      'Only ask questions that can be answered by "Yes", "No", or "Dunno". Do not ask for hint. ' +
      'Make your question brief with no linebreaker. Now start asking a question.',
    judge:
      "Based on on your knowledge about the celebrity: {entity} respond to the following question or guess. " +
      "Limit your respond to only 'Yes.', 'No.' or 'Dunno.', with no explanation or other words. " +
      "Never say the name {entity} in your response. Do not say 'Dunno.' if it can be answered by 'Yes.' or 'No.' " +
      "If the question is to solicit the answer, respond 'No.'.\n" +
      ' Question/Guess: {question}(Yes/No/Dunno)',
  },
};

const sampling = (temperature: number, maxTokens: number) =>
  z
    .object({
      temperature: z.number().min(0).max(2).default(temperature),
      maxTokens: z.number().int().min(1).max(32_768).default(maxTokens),
    })
    .strict()
    .prefault({});

/** Every rule of the game is a setting; the defaults are the paper's. */
export const EdaSettingsSchema = z
  .object({
    maxTurns: z.number().int().min(2).max(200).default(20),
    /** λ in Eq. 1: the score lost per turn beyond `freeTurns`. */
    lambda: z.number().min(0).max(1).default(0.02),
    freeTurns: z.number().int().min(0).default(5),
    guesser: sampling(0.8, 64),
    judge: sampling(0.2, 6),
    /** Override the published prompts; `{entity}` and `{question}` are filled in the judge prompt. */
    prompts: z
      .object({ guesser: z.string().min(1).optional(), judge: z.string().min(1).optional() })
      .strict()
      .prefault({}),
    /** Appended to the judge's reply after the penultimate turn. */
    mustGuessSuffix: z.string().default(" You must guess now, what's it?"),
    /** Appended to the guesser's last question in its own history. */
    finalGuessSuffix: z.string().default(' Is it right?'),
    /** The reference code strips "the entity you're thinking of" and similar phrases from questions. */
    rewriteThinkingOf: z.boolean().default(true),
    /** Which name the judge is told: the first alias (default) or the whole dataset line with its `|` aliases (reference code). */
    judgeEntity: z.enum(['primary', 'line']).default('primary'),
    /** Dialogue-state probing (§4.2, appendix C): the guesser's top 5 before each question, asked apart from the game. */
    probe: z
      .object({
        enabled: z.boolean().default(false),
        /**
         * `prefill`: the paper's sentence continues the guesser's own turn (an assistant prefix);
         * `ask`: the same request as a user message, for APIs that do not continue an assistant turn.
         */
        style: z.enum(['prefill', 'ask']).default('prefill'),
        prompt: z.string().min(1).optional(),
        temperature: z.number().min(0).max(2).default(0),
        maxTokens: z.number().int().min(1).max(32_768).default(96),
      })
      .strict()
      .prefault({}),
  })
  .strict();
export type EdaSettings = z.infer<typeof EdaSettingsSchema>;
export type EdaSettingsInput = z.input<typeof EdaSettingsSchema>;

export function edaPrompts(kind: EdaKind, settings: EdaSettings): { guesser: string; judge: string } {
  return {
    guesser: settings.prompts.guesser ?? EDA_PROMPTS[kind].guesser,
    judge: settings.prompts.judge ?? EDA_PROMPTS[kind].judge,
  };
}

/** Appendix C's probe, written after the dialogue history as the guesser's own words. */
export const PROBE_PREFILL = 'Based on the information provided, here are the top 5 most likely concrete entities I think you are thinking of:';
/** The same probe put as a question, for the `ask` style. */
export const PROBE_ASK = 'Based on the information provided, what are the top 5 most likely concrete entities you think I am thinking of? List them one per line, most likely first, and ask no question.';
