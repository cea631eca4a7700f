/**
 * A capability's part of the app: the pages it adds, found by their address. The router and the page
 * switch ask the list in `index.ts`, so a capability adds a page without either knowing it.
 */
import type { ReactNode } from 'react';
import type { GameInfo, RunDetail, RunSummary } from '../../../shared/api/contract';

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

/** What the run page tells a capability's parts of it. */
export interface RunSlot {
  run: RunDetail;
  /** The run's game, once the games are loaded. */
  game: GameInfo | undefined;
}

/** What the annotation page tells a capability's part of it: the finished runs a set can be drawn from. */
export interface AnnotationsSlot {
  finished: readonly RunSummary[];
  gameOf(id: string): GameInfo | undefined;
}

/** The data a New run form has chosen so far, as a capability's field may check it before the run (the images a choice needs). */
export interface NewRunChoice {
  game: string;
  dataset: { name: string; subset?: string; experiments?: string[] };
  limit?: number;
}

/**
 * A capability's part of the New run form, for the games that have it (a multimodal game's image
 * sources): the page holds its value, draws it among the fields and adds what it says to the run's config.
 * Methods, so a slot of its own value type sits in the list of slots of any value.
 */
export interface NewRunSlot<V = unknown> {
  applies(game: GameInfo): boolean;
  /** Its value when the form opens (what was chosen last time, where it remembers). */
  initial(): V;
  render(props: { game: GameInfo; value: V; onChange(value: V): void; choice: NewRunChoice }): ReactNode;
  /** What it adds to the run's config (the `images` sources). */
  config(value: V): Record<string, unknown>;
  /** The run was started with this value (keep it for the next run). */
  started?(value: V): void;
}

export interface RendererCapability {
  readonly key: string;
  readonly pages?: readonly CapabilityPage[];
  /** Buttons beside the run's progress (the run page), or nothing for this run. */
  runActions?(slot: RunSlot): ReactNode;
  /** Panels under the run's labels (the run page), or nothing for this run. */
  runSections?(slot: RunSlot): ReactNode;
  /** A paragraph on the annotation page, above the form for a new set. */
  annotationsSection?(slot: AnnotationsSlot): ReactNode;
  readonly newRun?: NewRunSlot;
}
