/**
 * A capability at run time: what it adds to the engine beyond the interface games provide
 * (`provision.ts`, checked by the catalog). Its API handlers read its own store module and the game's
 * provision; the service registers every capability's handlers without knowing any of them.
 */
import type { HandlerContext } from '../rpc/context';
import type { HandlerRegistry } from '../rpc/registry';

export interface CapabilityModule {
  /** The capability's key (a game's provision file is named after it), or its own name for one no game provides. */
  readonly key: string;
  /** Registers the capability's API methods (declared in `shared/api/capabilities/<key>.ts`). */
  register?(registry: HandlerRegistry, ctx: HandlerContext): void;
}
