import { useState } from 'react';
import { useApi } from '../api/hooks';

/** The stored request and response of a call, fetched only when asked for. */
export function RawCall({ callId, label }: { callId: number | null; label: string }) {
  const api = useApi();
  const [raw, setRaw] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (callId === null) return null;
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
      <button type="button" className="link-button" aria-expanded={raw !== null} onClick={toggle}>
        {raw === null ? `raw ${label}` : `hide raw ${label}`}
      </button>
      {raw !== null && <pre className="raw-json">{raw}</pre>}
      {error && <span className="inline-error">{error}</span>}
    </div>
  );
}
