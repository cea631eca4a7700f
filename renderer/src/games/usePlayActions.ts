import { useState } from 'react';
import type { PlayAction, PlayProps } from './types';

/** A person's moves on a Play page: one at a time, with the error of the last one kept for display. */
export function usePlayActions(act: PlayProps['act']): { busy: boolean; error: string | null; run: (action: PlayAction) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: PlayAction) => {
    setBusy(true);
    setError(null);
    try {
      await act(action);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
