/**
 * The capabilities Parlor has, as the catalog checks a game's provision of each: one line per
 * capability (its `provision.ts`). A provision of a key not listed here is a problem of its game.
 */
import type { GameInfo } from '../../../shared/contract/game';
import { capabilityOf, type CapabilityCheck } from '../core/capability';
import type { Game } from '../core/game';
import { aggregatesCheck } from './aggregates/provision';
import { annotationCheck } from './annotation/provision';
import { builtinsCheck } from './builtins/provision';
import { fixedSubsetsCheck } from './fixed-subsets/provision';
import { presetsCheck } from './presets/provision';
import { runFilesCheck } from './run-files/provision';
import { counterpartCheck } from './counterpart/provision';
import { exportColumnsCheck } from './export-columns/provision';
import { failureModesCheck } from './failure-modes/provision';
import { imagesCheck } from './images/provision';
import { peopleCheck } from './people/provision';
import { lastMoveCheck } from './last-move/provision';
import { logImportCheck } from './log-import/provision';
import { referenceExportCheck } from './reference-export/provision';
import { marksCheck } from './marks/provision';
import { probingCheck } from './probing/provision';
import { sampleRunCheck } from './sample-run/provision';
import { trainingCheck } from './training/provision';
import { textTranscriptCheck } from './text-transcript/provision';

export const CAPABILITY_CHECKS: readonly CapabilityCheck[] = [marksCheck, trainingCheck, probingCheck, lastMoveCheck, failureModesCheck, builtinsCheck, peopleCheck, counterpartCheck, imagesCheck, textTranscriptCheck, exportColumnsCheck, sampleRunCheck, aggregatesCheck, annotationCheck, presetsCheck, runFilesCheck, fixedSubsetsCheck, logImportCheck, referenceExportCheck];

/** What `games.list` says of each capability that describes itself (`CapabilityCheck.info`): its field, null where the game does not provide it. */
export function capabilityFields(game: Game<unknown>): Partial<GameInfo> {
  const fields: Partial<Record<keyof GameInfo, unknown>> = {};
  for (const check of CAPABILITY_CHECKS) {
    if (!check.info) continue;
    const value = capabilityOf(game, check.key);
    fields[check.info.field] = value === undefined ? (check.info.none ?? null) : check.info.of(value, game);
  }
  return fields as Partial<GameInfo>;
}
