/** The capabilities' parts of the app, one line each. */
import { imagesUi } from './images';
import type { CapabilityPage, RendererCapability } from './types';

export const CAPABILITY_UIS: readonly RendererCapability[] = [imagesUi];

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
