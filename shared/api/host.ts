import { z } from 'zod';

/**
 * Messages between the desktop host (Electron main) and the engine's utility process. The engine
 * side parses every one of them; the renderer never sees this channel.
 */
export const HostToEngineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('init'),
    dbPath: z.string().min(1),
    keyStorage: z.enum(['safeStorage', 'memory']),
    /** Decrypted by the host from its safeStorage file; held only in the engine's memory. */
    secrets: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal('call'), id: z.number().int(), method: z.string(), input: z.unknown() }),
  z.object({ kind: z.literal('shutdown') }),
]);
export type HostToEngine = z.infer<typeof HostToEngineSchema>;

export type EngineToHost =
  | { kind: 'ready' }
  | { kind: 'reply'; id: number; reply: unknown }
  | { kind: 'event'; event: unknown }
  | { kind: 'vault-set'; name: string; secret: string }
  | { kind: 'vault-remove'; name: string }
  | { kind: 'fatal'; message: string }
  | { kind: 'closed' };
