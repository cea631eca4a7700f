/**
 * Pieces of the API's input schemas that the core contract and the capabilities' contracts share
 * (`contract.ts`, `capabilities/<key>.ts`), so a run id or a model is checked alike everywhere.
 */
import { z } from 'zod';
import { AnnotatorSchema } from '../contract/annotation';
import { ModelConfigSchema } from '../contract/models';
import { plainText } from '../contract/plain-text';
import { controlProblem } from '../text/control';

export const Id = z.number().int().positive();
/** Names and notes people give are plain text (see plain-text.ts); stored ones are shown as they are. */
export const Annotator = plainText(AnnotatorSchema, 'a name');
/** A model a call names (a tagger, a last-turn model): its id is plain text too. */
export const NewModel = ModelConfigSchema.superRefine((model, ctx) => {
  const problem = controlProblem(model.model, 'a model id');
  if (problem) ctx.addIssue({ code: 'custom', path: ['model'], message: problem });
});
