import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ApiInput, ApiMethod, ApiOutput, ParlorApi, UiEvent } from '../../../shared/api/contract';

export const ApiContext = createContext<ParlorApi | null>(null);

export function useApi(): ParlorApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside <ApiContext.Provider>');
  return api;
}

export interface Query<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Calls a method when its input changes; `reload` calls it again (e.g. on an event). */
export function useQuery<M extends ApiMethod>(method: M, input: ApiInput<M> | null): Query<ApiOutput<M>> {
  const api = useApi();
  const [state, setState] = useState<{ data: ApiOutput<M> | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (input === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api.call(method, input).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState((s) => ({ data: s.data, error: (error as Error).message, loading: false })),
    );
    return () => {
      live = false;
    };
    // `key` stands for `input`'s content, so an equal input does not refetch.
  }, [api, method, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** Listens to engine events while the component is mounted. */
export function useEvents(listener: (event: UiEvent) => void): void {
  const api = useApi();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => api.subscribe((event) => ref.current(event)), [api]);
}

/** A function that runs at most once per `ms`, trailing call included. */
export function useThrottled(fn: () => void, ms: number): () => void {
  const ref = useRef(fn);
  ref.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      ref.current();
    }, ms);
  }, [ms]);
}

/**
 * Calls a method a moment after its input stops changing (form previews and estimates); null input
 * clears the result. The engine's validation errors come back as `error`.
 */
export function useLiveCall<M extends ApiMethod>(method: M, input: ApiInput<M> | null, delayMs = 200): { value: ApiOutput<M> | null; error: string | null } {
  const api = useApi();
  const [state, setState] = useState<{ value: ApiOutput<M> | null; error: string | null }>({ value: null, error: null });
  const key = JSON.stringify(input);
  useEffect(() => {
    if (input === null) return setState({ value: null, error: null });
    let live = true;
    const timer = setTimeout(() => {
      api.call(method, input).then(
        (value) => live && setState({ value, error: null }),
        (error: unknown) => live && setState({ value: null, error: (error as Error).message }),
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for `input`'s content.
  }, [api, method, key, delayMs]);
  return state;
}
