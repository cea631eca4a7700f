/**
 * A capability's part of the app: the pages it adds, found by their address. The router and the page
 * switch ask the list in `index.ts`, so a capability adds a page without either knowing it.
 */
import type { ReactNode } from 'react';

export interface CapabilityPage {
  /** The page's name in the route (unique across capabilities), e.g. `probes`. */
  readonly id: string;
  /** The hash path after `#`, with groups the page reads, e.g. /^\/probes\/(\d+(?:,\d+)*)$/. */
  readonly path: RegExp;
  /** The page for one address; `params` are the path's groups, in order. */
  render(params: readonly string[]): ReactNode;
  /** The sidebar entry the page sits under (its label), when it is not a page of its own. */
  readonly under?: string;
}

export interface RendererCapability {
  readonly key: string;
  readonly pages?: readonly CapabilityPage[];
}
