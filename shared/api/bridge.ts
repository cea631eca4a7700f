import type { ApiMethod, ApiReply, UiEvent } from './contract';

/** The one object the desktop preload exposes to the page (`window.parlor`). */
export interface ParlorBridge {
  invoke(method: ApiMethod, input: unknown): Promise<ApiReply<ApiMethod>>;
  onEvent(listener: (event: UiEvent) => void): () => void;
}

export const BRIDGE_CHANNELS = { invoke: 'parlor:invoke', event: 'parlor:event' } as const;
