import type { RefObject } from 'react';

/**
 * Whether a key press is the keyboard-first page's to handle (labelling, reviewing): not a held key,
 * not inside the page's own list (which has its own keys), not Enter/Space on a focused button, link
 * or summary, not typing in a field. Esc in the note field hands the focus back to the card.
 */
export function isPageKey(event: KeyboardEvent, ownList: string, note: RefObject<HTMLTextAreaElement | null>, card: RefObject<HTMLElement | null>): boolean {
  if (event.repeat) return false;
  const target = event.target as HTMLElement | null;
  if (target instanceof Element && target.closest(ownList)) return false;
  if (target instanceof Element && (event.key === 'Enter' || event.key === ' ') && target.closest('button, a, summary')) return false;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) {
    if (event.key === 'Escape' && target === note.current) {
      note.current.blur();
      card.current?.focus();
    }
    return false;
  }
  return true;
}
