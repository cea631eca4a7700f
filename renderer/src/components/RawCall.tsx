import { createContext, useContext, useState } from 'react';
import type { TurnStats } from '../../../shared/api/contract';
import { useApi } from '../api/hooks';
import { turnStatsText } from './turn-text';

/** Each call's tokens and time by call id, for game views that keep only the call id of a reply. */
export const CallStatsContext = createContext<ReadonlyMap<number, TurnStats>>(new Map());

/** A reply's tokens and time, then its stored request and response, fetched only when asked for. */
export function RawCall({ callId, label, turn }: { callId: number | null; label: string; turn?: TurnStats | null }) {
  const api = useApi();
  const byCall = useContext(CallStatsContext);
  const [raw, setRaw] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (callId === null) return null;
  const stats = turnStatsText(turn === undefined ? byCall.get(callId) : turn);
  const toggle = async () => {
    if (raw !== null) return setRaw(null);
    try {
      const call = await api.call('calls.get', { callId });
      setRaw(JSON.stringify({ request: call.request, response: call.response, status: call.status, latencyMs: call.latencyMs, attempt: call.attempt, cached: call.cached }, null, 2));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="raw">
      {stats && <span className="turn-stats" data-testid="turn-stats">{stats}</span>}
      <button type="button" className="link-button" aria-expanded={raw !== null} onClick={toggle}>
        {raw === null ? `raw ${label}` : `hide raw ${label}`}
      </button>
      {raw !== null && <pre className="raw-json">{raw}</pre>}
      {error && <span className="inline-error">{error}</span>}
    </div>
  );
}
