/**
 * The capabilities the engine runs, one line each: the API service registers each one's handlers.
 * Their checks of a game's provision are listed apart (`checks.ts`), for the catalog, which loads first.
 */
import { imagesModule } from './images/module';
import type { CapabilityModule } from './module';

export const CAPABILITIES: readonly CapabilityModule[] = [imagesModule];
