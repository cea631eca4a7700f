/** The capabilities' commands, one line each, registered on `parlor` in this order. */
import { imagesCli } from './images';
import type { CliCapability } from './types';

export const CLI_CAPABILITIES: readonly CliCapability[] = [imagesCli];
