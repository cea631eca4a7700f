/** The capabilities' commands, one line each, registered on `parlor` in this order. */
import { failureModesCli } from './failure-modes';
import { imagesCli } from './images';
import { lastMoveCli } from './last-move';
import { probingCli } from './probing';
import { trainingCli } from './training';
import type { CliCapability, CliExport } from './types';

export const CLI_CAPABILITIES: readonly CliCapability[] = [trainingCli, probingCli, lastMoveCli, failureModesCli, imagesCli];

/** The targets capabilities add to `parlor export`, in the order above. */
export function capabilityExports(): CliExport[] {
  return CLI_CAPABILITIES.flatMap((c) => c.exports ?? []);
}

