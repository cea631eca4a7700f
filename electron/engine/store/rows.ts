/** Small conversions between SQLite rows and JavaScript values, shared by the store's modules. */
import type { Row } from './db';

export const nowIso = () => new Date().toISOString();
export const json = (value: unknown) => JSON.stringify(value);
export const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function parseJson<T>(text: unknown): T {
  return JSON.parse(String(text)) as T;
}

/** JSON with keys in a stable order, so equal configs serialise equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** `?, ?, ?` for a list of parameters. */
export const marks = (list: readonly unknown[]) => list.map(() => '?').join(',');

export type { Row };
