/** The capabilities' parts of the app, one line each. */
import { failureModesUi } from './failure-modes';
import { imagesUi } from './images';
import { lastMoveUi } from './last-move';
import { probingUi } from './probing';
import { trainingUi } from './training';
import type { CapabilityPage, RendererCapability } from './types';

// In the order their buttons and panels show on a run's page.
export const CAPABILITY_UIS: readonly RendererCapability[] = [probingUi, failureModesUi, trainingUi, lastMoveUi, imagesUi];


/** The capability page at a hash path, with the path's groups. */
export function capabilityPage(path: string): { page: CapabilityPage; params: string[] } | null {
  for (const ui of CAPABILITY_UIS) {
    for (const page of ui.pages ?? []) {
      const m = page.path.exec(path);
      if (m) return { page, params: m.slice(1).map((g) => g ?? '') };
    }
  }
  return null;
}

export function capabilityPageById(id: string): CapabilityPage | null {
  return CAPABILITY_UIS.flatMap((ui) => ui.pages ?? []).find((p) => p.id === id) ?? null;
}
