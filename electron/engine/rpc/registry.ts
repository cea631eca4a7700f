import { z } from 'zod';
import {
  API_INPUTS,
  API_METHODS,
  type ApiError,
  type ApiMethod,
  type ApiOutput,
  type ApiParsedInput,
  type ApiReply,
} from '../../../shared/api/contract';
import { describeZodError } from '../../../shared/contract/run';
import { asUserError } from '../errors';
import { ProviderError } from '../players/errors';

export type Handler<M extends ApiMethod> = (input: ApiParsedInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>>;
type AnyHandler = (input: unknown) => unknown;

/** Handlers by method name: each registered once, and dispatch refuses what the contract lacks. */
export class HandlerRegistry {
  private readonly handlers = new Map<ApiMethod, AnyHandler>();

  handle<M extends ApiMethod>(method: M, handler: Handler<M>): this {
    if (!(method in API_INPUTS)) throw new Error(`"${method}" is not a method of the API contract.`);
    if (this.handlers.has(method)) throw new Error(`A handler for "${method}" is already registered.`);
    this.handlers.set(method, handler as AnyHandler);
    return this;
  }

  /** Contract methods with no handler; an engine must leave none. */
  missing(): ApiMethod[] {
    return API_METHODS.filter((m) => !this.handlers.has(m));
  }

  /**
   * Validates and runs one call that crossed a boundary. Never throws: every failure becomes an
   * error reply with words a user can act on.
   */
  async dispatch(method: unknown, input: unknown): Promise<ApiReply<ApiMethod>> {
    if (typeof method !== 'string' || !Object.hasOwn(API_INPUTS, method)) {
      return fail({ code: 'unknown_method', message: `Unknown API method ${JSON.stringify(method)}.` });
    }
    const name = method as ApiMethod;
    const handler = this.handlers.get(name);
    if (!handler) return fail({ code: 'unknown_method', message: `The engine has no handler for "${name}".` });
    const parsed = API_INPUTS[name].safeParse(input ?? {});
    if (!parsed.success) return fail({ code: 'bad_request', message: describeZodError(parsed.error, `input to ${name}`) });
    try {
      return { ok: true, result: (await handler(parsed.data)) as ApiOutput<ApiMethod> };
    } catch (error) {
      return fail(toApiError(error));
    }
  }
}

const fail = (error: ApiError): ApiReply<ApiMethod> => ({ ok: false, error });

/** Maps the engine's typed failures to API error codes; anything else is a bug, said as such. */
export function toApiError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof z.ZodError) return { code: 'bad_request', message: describeZodError(error, 'input') };
  const user = asUserError(error);
  if (user) return { code: user.code, message: user.message };
  if (error instanceof ProviderError) return { code: 'provider', message };
  return { code: 'internal', message: `Internal error: ${message}` };
}
