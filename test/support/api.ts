/** Calls the API service in-process as a door would, throwing the reply's error ("code: message") instead of returning it. */
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import type { ApiService } from '../../electron/engine/api/service';

export type ApiCall = <M extends ApiMethod>(method: M, input: ApiInput<M>) => Promise<ApiOutput<M>>;

export function apiCaller(service: Pick<ApiService, 'registry'> | (() => Pick<ApiService, 'registry'>)): ApiCall {
  return async (method, input) => {
    const target = typeof service === 'function' ? service() : service;
    const reply = await target.registry.dispatch(method, input);
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.result as ApiOutput<typeof method>;
  };
}
