/**
 * Reading a probe reply (appendix C) as the guesser's ranked candidates, and asking for one. The
 * reply is free text: a numbered or bulleted list, one name per line, or names separated by commas.
 */
import type { ChatMessage } from '../../../players/types';
import { PROBE_ASK, PROBE_PREFILL, type EdaSettings } from '../settings';

export const PROBE_KIND = 'top5';
export const PROBE_SIZE = 5;

const MARKER = /^\s*(?:[-*•·]|\(?\d{1,2}[.):]|\(?[a-e][.)])\s*/iu;

function clean(name: string): string {
  return name
    .replace(MARKER, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+[-–—:(].*$/u, '') // "Guitar - a stringed instrument", "Guitar (acoustic)"
    .replace(/^["'“”‘’]+|["'“”‘’.,;!?]+$/gu, '')
    .trim();
}

/** The first five distinct candidates named in a reply, most likely first; null when it names none. */
export function parseTop5(text: string): { candidates: string[] } | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const listed = lines.filter((l) => MARKER.test(l));
  // A list wins over prose around it; otherwise one name per line, or a comma-separated line.
  const single = (lines[0] ?? '').replace(/^[^:]*:\s*(?=\S)/u, ''); // "My top guesses: key, coin"
  const raw = listed.length >= 2 ? listed : lines.length >= 2 ? lines : single.split(/,|;|\band\b/u);
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const item of raw) {
    const name = clean(item);
    if (!name || name.length > 80 || name.endsWith(':') || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    candidates.push(name);
    if (candidates.length === PROBE_SIZE) break;
  }
  return candidates.length ? { candidates } : null;
}

/** The probe request: the guesser's history (copied) and the probe, in the configured style. */
export function probeMessages(history: readonly ChatMessage[], probe: EdaSettings['probe']): ChatMessage[] {
  if (probe.style === 'ask') return [...history, { role: 'user', content: probe.prompt ?? PROBE_ASK }];
  return [...history, { role: 'assistant', content: probe.prompt ?? PROBE_PREFILL }];
}
