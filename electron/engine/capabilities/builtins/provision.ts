/**
 * Built-in players: a game's own programmatic player per role (`provider: builtin`, model
 * `reference`), so every game can be shown, tested and demonstrated without a model or a key. A game
 * provides a policy per role it can fill; a role without one has no built-in player.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { ChatMessage } from '../../players/types';

/**
 * A programmatic player: it reads only what a model in its seat would read, the conversation so far,
 * and returns its reply. `variant` is what follows `reference-` in its model name
 * (`builtin:reference-b`; '' for `builtin:reference`): distinct built-in players where a game seats several.
 */
export type BuiltinPolicy = (messages: readonly ChatMessage[], variant?: string) => string;

/** The game's built-in players by role id. */
export type BuiltinPlayers = Readonly<Record<string, BuiltinPolicy>>;

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; built-in players read only messages
  interface Provisions<S> {
    builtins: BuiltinPlayers;
  }
}

export const builtinsCheck: CapabilityCheck<'builtins'> = {
  key: 'builtins',
  problems(value, game) {
    if (typeof value !== 'object' || value === null) return ['builtins must map role ids to players'];
    const roles = game.roles.map((r) => r.id);
    const entries = Object.entries(value);
    if (entries.length === 0) return ['it names no role: provide a player for at least one role, or delete the file'];
    return entries.flatMap(([role, policy]) => [
      ...(roles.includes(role) ? [] : [`"${role}" is not one of its roles (${roles.join(', ')})`]),
      ...(typeof policy === 'function' ? [] : [`the player for "${role}" must be a function of the seat's messages`]),
    ]);
  },
};
