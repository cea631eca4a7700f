/**
 * Names and notes a user gives are plain text: a control character in one (an ESC sequence, a BEL, a
 * bidirectional override) would act on every terminal and page that shows it. Checked where a name
 * comes in (API inputs, the CLI, new run configs), never on what is already stored, so a database
 * written before keeps opening.
 */
import { z } from 'zod';
import { controlProblem, type TextKind } from '../text/control';

/** `schema` refusing control characters: "run name holds a control character (U+001B at character 4); use plain text". */
export function plainText<S extends z.ZodType<string, unknown>>(schema: S, what: string, kind: TextKind = 'name'): S {
  return schema.superRefine((value, ctx) => {
    const problem = controlProblem(value, what, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }) as S;
}

/** A string of at most `max` characters holding nothing `kind` refuses; a refusal says how long it is. */
export function boundedText(max: number, what: string, kind: TextKind = 'name'): z.ZodString {
  const count = (n: number) => n.toLocaleString('en-US');
  const tooLong = (issue: { input?: unknown }) => `${what} has ${typeof issue.input === 'string' ? count(issue.input.length) : 'too many'} characters; at most ${count(max)} are taken`;
  return plainText(z.string().max(max, { error: tooLong }), what, kind);
}
