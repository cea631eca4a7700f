/**
 * The capabilities the engine runs, one line each: the API service registers each one's handlers.
 * Their checks of a game's provision are listed apart (`checks.ts`), for the catalog, which loads first.
 */
import { failureModesModule } from './failure-modes/module';
import { lastMoveModule } from './last-move/module';
import { imagesModule } from './images/module';
import type { CapabilityModule } from './module';
import { probingModule } from './probing/module';
import { trainingModule } from './training/module';

export const CAPABILITIES: readonly CapabilityModule[] = [trainingModule, probingModule, lastMoveModule, failureModesModule, imagesModule];
