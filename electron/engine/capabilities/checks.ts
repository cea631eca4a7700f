/**
 * The capabilities Parlor has, as the catalog checks a game's provision of each: one line per
 * capability (its `provision.ts`). A provision of a key not listed here is a problem of its game.
 */
import type { CapabilityCheck } from '../core/capability';
import { builtinsCheck } from './builtins/provision';
import { counterpartCheck } from './counterpart/provision';
import { imagesCheck } from './images/provision';
import { marksCheck } from './marks/provision';
import { peopleCheck } from './people/provision';

export const CAPABILITY_CHECKS: readonly CapabilityCheck[] = [marksCheck, builtinsCheck, peopleCheck, counterpartCheck, imagesCheck];
