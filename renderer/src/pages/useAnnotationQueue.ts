import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnnotationInfo, AnnotationItemView, AnnotatorProgress } from '../../../shared/api/contract';
import type { Verdict } from '../../../shared/contract/annotation';
import { useApi } from '../api/hooks';

const REFILL_BELOW = 10;
const BATCH = 50;

/**
 * What the labelling area shows. Never nothing: between the last item leaving the queue and the
 * store's answer (the label saved, the next items fetched, or none left) it says it is waiting.
 */
export type QueueStage = 'loading' | 'item' | 'finished' | 'waiting';

export function queueStage(loaded: boolean, hasItem: boolean, remaining: number | null, saving = 0): QueueStage {
  if (!loaded) return 'loading';
  if (hasItem) return 'item';
  // "All labelled" only once every label is stored: closing the app on it then loses nothing.
  return remaining === 0 && saving === 0 ? 'finished' : 'waiting';
}

/**
 * The labelling queue, kept locally so the next item shows at once. Labels are written in order on
 * one promise chain (each committed to SQLite before the next), refills are chained behind them, and
 * items labelled here are never re-added by a refill that raced a write.
 */
export function useAnnotationQueue(setId: number, annotator: string | null) {
  const api = useApi();
  const [queue, setQueue] = useState<AnnotationItemView[]>([]);
  const queueRef = useRef(queue);
  queueRef.current = queue;
  const [progress, setProgress] = useState<AnnotatorProgress | null>(null);
  const [info, setInfo] = useState<AnnotationInfo | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const submitted = useRef(new Set<number>());
  const refilling = useRef(false);
  const refillAgain = useRef(false);
  /** Labels given here whose write has not come back yet: the page's count is newer than a refill's. */
  const unsaved = useRef(0);
  /** The same count as state, so the page can say "saving" until the last write is stored. */
  const [saving, setSaving] = useState(0);
  /** Items reopened from "Your labels": whether their old label counted as done, and whether they were queued anyway. */
  const reopened = useRef(new Map<number, { counted: boolean; queued: boolean }>());
  /** Goes up after every stored label or undo, so views of the labels can refetch. */
  const [revision, setRevision] = useState(0);

  const enqueue = useCallback((step: () => Promise<unknown>) => {
    chain.current = chain.current.then(step).catch((e: unknown) => setError((e as Error).message));
    return chain.current;
  }, []);

  const refill = useCallback(() => {
    if (!annotator) return;
    // A refill asked for while one is on its way runs again after it, so no item is left behind.
    if (refilling.current) {
      refillAgain.current = true;
      return;
    }
    refilling.current = true;
    void enqueue(async () => {
      const next = await api.call('annotations.queue', { setId, annotator, limit: BATCH });
      setQueue((q) => {
        const have = new Set(q.map((i) => i.itemId));
        return [...q, ...next.items.filter((i) => !have.has(i.itemId) && !submitted.current.has(i.itemId))];
      });
      // A refill that ran before the labels given since: its count would undo theirs (the last item
      // labelled, "1 left" again and a blank page until that label's write came back).
      if (unsaved.current === 0) setProgress(next.progress);
      setInfo(next.info);
      setLoaded(true);
    }).finally(() => {
      refilling.current = false;
      if (refillAgain.current) {
        refillAgain.current = false;
        refill();
      }
    });
  }, [api, annotator, enqueue, setId]);

  useEffect(() => {
    setQueue([]);
    setLoaded(false);
    submitted.current.clear();
    refill();
  }, [refill]);

  const label = useCallback(
    (item: AnnotationItemView, verdict: Verdict, answer?: string, note?: string) => {
      if (!annotator) return;
      const again = reopened.current.get(item.itemId);
      reopened.current.delete(item.itemId);
      submitted.current.add(item.itemId);
      setQueue((q) => q.filter((i) => i.itemId !== item.itemId));
      // A relabelled item was counted already; the server's count follows in any case.
      if (verdict !== 'skip' && !again?.counted) setProgress((p) => (p ? { ...p, done: p.done + 1, remaining: p.remaining - 1 } : p));
      unsaved.current += 1;
      setSaving((n) => n + 1);
      void enqueue(async () => {
        try {
          const r = await api.call('annotations.label', { setId, itemId: item.itemId, annotator, verdict, ...(answer ? { answer } : {}), ...(note ? { note } : {}) });
          // The store's count, unless labels given after this one are still on their way (it would undo theirs).
          if (unsaved.current === 1) setProgress(r.progress);
          setRevision((v) => v + 1);
          setError(null);
          // A skipped item comes back at the end of the queue.
          if (verdict === 'skip') submitted.current.delete(item.itemId);
        } catch (e) {
          // Not saved: the item comes back first, and the count is the server's again.
          submitted.current.delete(item.itemId);
          setQueue((q) => [item, ...q.filter((i) => i.itemId !== item.itemId)]);
          setError(`Not saved: ${(e as Error).message}`);
          const fresh = await api.call('annotations.queue', { setId, annotator, limit: 1 }).catch(() => null);
          if (fresh) setProgress(fresh.progress);
        } finally {
          unsaved.current -= 1;
          setSaving((n) => n - 1);
        }
      });
      if (queue.length - 1 < REFILL_BELOW) refill();
    },
    [annotator, api, enqueue, queue.length, refill, setId],
  );

  const undo = useCallback(() => {
    if (!annotator) return Promise.resolve(null);
    return enqueue(async () => {
      const r = await api.call('annotations.undo', { setId, annotator });
      setProgress(r.progress);
      setRevision((v) => v + 1);
      if (r.item) {
        const back = r.item;
        submitted.current.delete(back.itemId);
        setQueue((q) => [back, ...q.filter((i) => i.itemId !== back.itemId)]);
      }
    });
  }, [annotator, api, enqueue, setId]);

  /** Shows an item labelled earlier first, to relabel it with the same keys (`counted`: its label was not a skip). */
  const reopen = useCallback((item: AnnotationItemView, counted: boolean) => {
    const queued = reopened.current.get(item.itemId)?.queued ?? queueRef.current.some((i) => i.itemId === item.itemId);
    reopened.current.set(item.itemId, { counted, queued });
    setQueue((q) => [item, ...q.filter((i) => i.itemId !== item.itemId)]);
  }, []);

  /** Leaves a reopened item as it was: back out of the queue unless it was waiting there anyway. */
  const cancelReopen = useCallback((itemId: number) => {
    const was = reopened.current.get(itemId);
    if (!was) return;
    reopened.current.delete(itemId);
    if (!was.queued) setQueue((q) => q.filter((i) => i.itemId !== itemId));
  }, []);

  const isReopened = useCallback((itemId: number) => reopened.current.has(itemId), []);

  return { current: queue[0] ?? null, upcoming: queue.length, progress, info, loaded, error, label, undo, reopen, cancelReopen, isReopened, revision, saving };
}
