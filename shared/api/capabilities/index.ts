/**
 * The capabilities' API methods, one line each: their inputs spread into API_INPUTS and their
 * results extended by ApiOutputs (contract.ts), so a capability adds methods without the core contract naming them.
 */
import { IMAGES_INPUTS, type ImagesOutputs } from './images';
import { FAILURE_MODES_INPUTS, type FailureModesOutputs, type TaggingEvent } from './failure-modes';
import { LAST_MOVE_INPUTS, type LastMoveOutputs } from './last-move';
import { PROBING_INPUTS, type ProbingOutputs } from './probing';
import { TRAINING_INPUTS, type TrainingOutputs } from './training';

export const CAPABILITY_INPUTS = {
  ...TRAINING_INPUTS,
  ...PROBING_INPUTS,
  ...LAST_MOVE_INPUTS,
  ...FAILURE_MODES_INPUTS,
  ...IMAGES_INPUTS,
} as const;

export interface CapabilityOutputs extends TrainingOutputs, ProbingOutputs, LastMoveOutputs, FailureModesOutputs, ImagesOutputs {}

/** What capabilities push to the UI beside the core's events. */
export type CapabilityUiEvent = TaggingEvent;
