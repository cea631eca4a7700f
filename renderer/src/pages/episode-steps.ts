/** The keys that step through a run's episodes on a transcript page. */
export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: unknown;
}

/** Which way a key steps through episodes: [ or k back, ] or j on; never while typing in a field. */
export function stepKey(e: KeyLike): 'previous' | 'next' | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const target = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName ?? ''))) return null;
  if (e.key === '[' || e.key === 'k') return 'previous';
  if (e.key === ']' || e.key === 'j') return 'next';
  return null;
}
