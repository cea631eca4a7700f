/** Dataset audit: suspicious entries of any game's instances (duplicates, run-together items, odd tags, long names). Pure. */
import type { InstanceInput } from '../core/game';

export type AuditKind = 'duplicate' | 'near-duplicate' | 'run-together' | 'missing-tag' | 'odd-tag' | 'too-long';

export interface AuditFinding {
  kind: AuditKind;
  severity: 'warning' | 'info';
  keys: string[];
  names: string[];
  message: string;
}

export interface AuditOptions {
  /** Longest name or item text before it is flagged. */
  maxLength?: number;
}

export const DEFAULT_MAX_LENGTH = 80;
const PLACEHOLDER_TAGS = new Set(['unknown', 'n/a', 'na', 'none', 'other', '?', '-', 'null', 'undefined', 'tbd']);

/**
 * The texts an instance stands for: EDA's aliases, AGE's two words, else its name.
 * Duck-typed on the payload so no game needs a hook.
 */
export function itemTexts(instance: InstanceInput): string[] {
  const p = instance.payload;
  if (p && typeof p === 'object') {
    const rec = p as Record<string, unknown>;
    if (Array.isArray(rec.aliases) && rec.aliases.every((a) => typeof a === 'string') && rec.aliases.length > 0) return rec.aliases as string[];
    if (typeof rec.a === 'string' && typeof rec.b === 'string') return [rec.a, rec.b];
  }
  return [instance.name];
}

/** Folds case, punctuation, spacing and a plural ending so "Ice-cream" and "ice creams" meet. */
export function foldText(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.map(singular).join('');
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Why a text looks like two items run together, or null. */
export function runTogetherReason(text: string): string | null {
  if (/\s+and\s+/i.test(text) && !/^the\s/i.test(text)) return 'contains " and "';
  if (/\s&\s/.test(text)) return 'contains " & "';
  if (text.includes('/')) return 'contains "/"';
  if (text.includes(';')) return 'contains ";"';
  // A comma is legit in "Washington, D.C." style names; two long halves suggest a list.
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > 2 || (parts.length === 2 && parts.every((s) => s.split(/\s+/).length >= 2))) return 'contains ","';
  // A whole entry of two words joined without a space ("CelloMarshmallow"); short parts keep "McCartney",
  // "YouTube", "DiCaprio", and brand words inside longer names ("JavaScript Console") are left alone.
  const joined = /^(\p{Lu}\p{Ll}{3,})(\p{Lu}\p{Ll}{3,})$/u.exec(text.trim());
  if (joined) return `two words joined without a space ("${joined[1]}" + "${joined[2]}")`;
  // Legit names reach four capitalised words ("Aung San Suu Kyi", title-case task names); five is a list.
  const words = text.split(/\s+/);
  if (words.length >= 5 && words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))) return 'five or more capitalised words in a row';
  return null;
}

/** Two other entries of the list back to back ("Tom Hanks Meryl Streep" when both are listed). */
export function knownHalves(text: string, known: ReadonlySet<string>): [string, string] | null {
  const words = text.trim().split(/\s+/);
  // Names only: lower-case compounds ("soap opera") are often two listed words and still one item.
  if (words.length < 3 || !words.every((w) => /^\p{Lu}/u.test(w))) return null;
  for (let cut = 1; cut < words.length; cut += 1) {
    const left = words.slice(0, cut).join(' ');
    const right = words.slice(cut).join(' ');
    if (known.has(foldText(left)) && known.has(foldText(right))) return [left, right];
  }
  return null;
}

function exactDuplicates(instances: readonly InstanceInput[]): AuditFinding[] {
  return groups(instances, (i) => i.name.trim()).map((group) => ({
    kind: 'duplicate',
    severity: 'warning',
    keys: group.map((i) => i.key),
    names: group.map((i) => i.name),
    message: `"${group[0]?.name ?? ''}" appears ${group.length} times`,
  }));
}

function nearDuplicates(instances: readonly InstanceInput[]): AuditFinding[] {
  // An instance meets another when any of their item texts fold the same; exact repeats are reported above.
  const byFold = new Map<string, InstanceInput[]>();
  for (const inst of instances) {
    for (const fold of new Set(itemTexts(inst).map(foldText).filter(Boolean))) {
      const list = byFold.get(fold) ?? [];
      if (!list.includes(inst)) list.push(inst);
      byFold.set(fold, list);
    }
  }
  const seen = new Set<string>();
  const out: AuditFinding[] = [];
  for (const [fold, group] of byFold) {
    if (group.length < 2 || new Set(group.map((i) => i.name.trim())).size === 1) continue;
    const id = group.map((i) => i.key).sort().join('\u0000');
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ kind: 'near-duplicate', severity: 'warning', keys: group.map((i) => i.key), names: group.map((i) => i.name), message: `${group.map((i) => `"${i.name}"`).join(', ')} share an item up to case, plural, spacing or punctuation (${fold})` });
  }
  return out;
}

function runTogether(instances: readonly InstanceInput[]): AuditFinding[] {
  const known = new Set(instances.flatMap((i) => itemTexts(i).map(foldText)));
  return instances.flatMap((inst) =>
    itemTexts(inst).flatMap((text): AuditFinding[] => {
      const halves = knownHalves(text, known);
      const why = halves ? `is "${halves[0]}" and "${halves[1]}", both listed` : runTogetherReason(text);
      return why ? [{ kind: 'run-together', severity: 'info', keys: [inst.key], names: [inst.name], message: `"${text}" ${why}: two items in one?` }] : [];
    }),
  );
}

function tagFindings(instances: readonly InstanceInput[]): AuditFinding[] {
  const keys = [...new Set(instances.flatMap((i) => Object.keys(i.tags)))];
  const out: AuditFinding[] = [];
  for (const tag of keys) {
    const missing = instances.filter((i) => !(i.tags[tag] ?? '').trim());
    // A tag nearly every instance carries is the dataset's category; the few without it are the suspects.
    // (A tag only some kinds of instance carry, as SimulBench's judging, is missing on many and is not flagged.)
    if (missing.length > 0 && missing.length * 10 <= instances.length) {
      out.push({ kind: 'missing-tag', severity: 'warning', keys: missing.map((i) => i.key), names: missing.map((i) => i.name), message: `no "${tag}" (${missing.length} of ${instances.length})` });
    }
    const odd = instances.filter((i) => PLACEHOLDER_TAGS.has((i.tags[tag] ?? '').trim().toLowerCase()));
    if (odd.length > 0) {
      // "other" is often a deliberate bucket; the rest say nobody knew.
      const severity = odd.every((i) => (i.tags[tag] ?? '').trim().toLowerCase() === 'other') ? 'info' : 'warning';
      out.push({ kind: 'odd-tag', severity, keys: odd.map((i) => i.key), names: odd.map((i) => i.name), message: `"${tag}" is a placeholder (${[...new Set(odd.map((i) => i.tags[tag]))].join(', ')})` });
    }
  }
  return out;
}

function tooLong(instances: readonly InstanceInput[], max: number): AuditFinding[] {
  return instances.flatMap((inst) => {
    const text = [inst.name, ...itemTexts(inst)].filter((t) => t.length > max).sort((a, b) => b.length - a.length)[0];
    if (text === undefined) return [];
    return [{ kind: 'too-long' as const, severity: 'info' as const, keys: [inst.key], names: [inst.name], message: `${text.length} characters (over ${max}): "${text.slice(0, 60)}…"` }];
  });
}

function groups<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(keyOf(item), [...(map.get(keyOf(item)) ?? []), item]);
  return [...map.values()].filter((g) => g.length > 1);
}

/** Every finding for one subset's instances, in a stable order. */
export function auditInstances(instances: readonly InstanceInput[], options: AuditOptions = {}): AuditFinding[] {
  const max = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return [...exactDuplicates(instances), ...nearDuplicates(instances), ...runTogether(instances), ...tagFindings(instances), ...tooLong(instances, max)];
}

/** Findings per kind, for summaries and snapshots. */
export function countByKind(findings: readonly AuditFinding[]): Partial<Record<AuditKind, number>> {
  const out: Partial<Record<AuditKind, number>> = {};
  for (const f of findings) out[f.kind] = (out[f.kind] ?? 0) + 1;
  return out;
}
