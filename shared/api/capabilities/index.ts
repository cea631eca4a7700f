/**
 * The capabilities' API methods, one line each: their input schemas are spread into the contract's
 * API_INPUTS and their results extend ApiOutputs, so a capability adds methods without the contract
 * naming them (method names and shapes are the capability's own, in `<key>.ts`).
 */
import { IMAGES_INPUTS, type ImagesOutputs } from './images';

export const CAPABILITY_INPUTS = {
  ...IMAGES_INPUTS,
} as const;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the union of every capability's outputs, by extension
export interface CapabilityOutputs extends ImagesOutputs {}
