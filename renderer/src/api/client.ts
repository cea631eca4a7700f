import { ApiCallError, type ApiMethod, type ApiOutput, type ApiReply, type ParlorApi, type UiEvent } from '../../../shared/api/contract';
import type { ParlorBridge } from '../../../shared/api/bridge';

declare global {
  interface Window {
    parlor?: ParlorBridge;
  }
}

function unwrap<M extends ApiMethod>(reply: ApiReply<ApiMethod>): ApiOutput<M> {
  if (!reply.ok) throw new ApiCallError(reply.error.code, reply.error.message);
  return reply.result as ApiOutput<M>;
}

/** Desktop: through the preload bridge to the engine's utility process. */
function ipcClient(bridge: ParlorBridge): ParlorApi {
  return {
    call: async (method, input) => unwrap(await bridge.invoke(method, input)),
    subscribe: (listener) => bridge.onEvent(listener),
  };
}

/** The launch token, from the URL the server printed, kept in this tab's sessionStorage (per origin and port). */
export function launchToken(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('token');
  if (fromUrl) sessionStorage.setItem('parlor.token', fromUrl);
  return fromUrl ?? sessionStorage.getItem('parlor.token');
}

/** Browser mode: same-origin HTTP with the launch token as a Bearer header (a query parameter for the event stream). */
function httpClient(): ParlorApi {
  const token = launchToken() ?? '';
  const listeners = new Set<(event: UiEvent) => void>();
  let source: EventSource | null = null;
  const connect = () => {
    source = new EventSource(`./api/events?token=${encodeURIComponent(token)}`);
    source.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as UiEvent;
      for (const listener of listeners) listener(event);
    };
  };
  return {
    async call(method, input) {
      let response: Response;
      try {
        response = await fetch(`./api/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          credentials: 'omit',
          body: JSON.stringify(input ?? {}),
        });
      } catch (error) {
        throw new ApiCallError('internal', `The Parlor server cannot be reached (${(error as Error).message}). Is \`parlor serve\` still running?`);
      }
      const reply = (await response.json().catch(() => null)) as ApiReply<ApiMethod> | null;
      if (!reply) throw new ApiCallError('internal', `The server answered ${response.status} without a readable body.`);
      return unwrap(reply);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!source) connect();
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          source?.close();
          source = null;
        }
      };
    },
  };
}

export function createClient(): ParlorApi {
  return window.parlor ? ipcClient(window.parlor) : httpClient();
}
