import { z } from 'zod';

/**
 * An object schema that also reads the key names of an earlier Parlor (version 5 said `split` where
 * every game now says `subset`). Typed as the object it parses, so callers see no difference.
 */
export function renamingLegacyKeys<T extends z.ZodObject>(renames: Record<string, string>, schema: T): z.ZodType<z.output<T>, z.input<T>> {
  return z.preprocess((input) => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [old, now] of Object.entries(renames)) {
      if (old in out && !(now in out)) out[now] = out[old];
      delete out[old];
    }
    return out;
  }, schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}
