/**
 * The SQLite store: the single source of truth. One connection (`db.ts`, the only module that
 * imports better-sqlite3), one module per aggregate, statements prepared once. Every method is
 * synchronous and short; no transaction spans an `await`.
 */
import { Annotations } from './annotations';
import { Annotators } from './annotators';
import { Datasets, Media } from './datasets';
import { Db, type OpenOptions } from './db';
import { Episodes } from './episodes';
import { Events } from './events';
import { ExploreQueries } from './explore';
import { Models } from './models';
import { Batches } from './batches';
import { FixedSubsets } from './fixed-subsets';
import { Probes } from './probes';
import { RateBudgets } from './rate-budgets';
import { Rulings } from './rulings';
import { Runs } from './runs';

/** Makes a capability's store module from the connection (the maker is its identity: one module per maker and store). */
export type StoreModuleMaker<T> = (db: Db) => T;

export class Store {
  readonly runs: Runs;
  readonly episodes: Episodes;
  readonly events: Events;
  readonly datasets: Datasets;
  readonly media: Media;
  readonly models: Models;
  readonly explore: ExploreQueries;
  readonly annotations: Annotations;
  readonly annotators: Annotators;
  readonly rulings: Rulings;
  readonly rateBudgets: RateBudgets;
  readonly batches: Batches;
  readonly fixedSubsets: FixedSubsets;
  readonly probes: Probes;

  private constructor(private readonly db: Db) {
    this.runs = new Runs(db);
    this.episodes = new Episodes(db);
    this.events = new Events(db);
    this.datasets = new Datasets(db);
    this.media = new Media(db);
    this.models = new Models(db);
    this.explore = new ExploreQueries(db);
    this.annotations = new Annotations(db);
    this.annotators = new Annotators(db);
    this.rulings = new Rulings(db);
    this.rateBudgets = new RateBudgets(db);
    this.batches = new Batches(db);
    this.fixedSubsets = new FixedSubsets(db);
    this.probes = new Probes(db);
  }

  private readonly modules = new Map<StoreModuleMaker<unknown>, unknown>();

  /**
   * A capability's store module over this database, made once per store: the capability owns the
   * module (its queries over the tables its migration made), the store owns the connection.
   */
  module<T>(make: StoreModuleMaker<T>): T {
    if (!this.modules.has(make)) this.modules.set(make, make(this.db));
    return this.modules.get(make) as T;
  }

  /** Opens (creating it unless `mustExist`) a Parlor database and brings its schema up to date. */
  static open(path: string, options: OpenOptions = {}): Store {
    return new Store(Db.open(path, options));
  }

  get path(): string {
    return this.db.path;
  }

  /** Opened for reading only: the file or its folder cannot be written here. */
  get readOnly(): boolean {
    return this.db.readOnly;
  }

  get schemaVersion(): number {
    return Number(this.db.pragma('user_version'));
  }

  /**
   * SQLite's data_version: it changes when another connection (another process, a `parlor run` in a
   * terminal) commits to the file, never for this connection's own writes. A cheap pragma to poll.
   */
  externalVersion(): number {
    return Number(this.db.pragma('data_version'));
  }

  /** Several writes as one (a write transaction taken up front). */
  transaction<T>(fn: () => T): T {
    return this.db.tx(fn);
  }

  /** Commits queued appends now; raises a queued write that failed. */
  flush(): void {
    this.db.flush();
  }

  /**
   * Held by work that writes over many turns and must learn of a lost group commit before it writes on:
   * each executing run, a person's move, the failure tagger. Returns the release (idempotent). See `Db.hold`.
   */
  hold(): () => void {
    return this.db.hold();
  }

  /** Runs `callback` once a held storage failure is over (every holder has let go), or at once when none is. */
  whenRecovered(callback: () => void): void {
    this.db.whenRecovered(callback);
  }

  /** Forgets a storage failure and runs the `whenRecovered` callbacks; the last holder's release does this (tests may too). */
  recover(): void {
    this.db.recover();
  }

  close(): void {
    this.db.close();
  }
}

export type { RunRow, RunListRow, EpisodeRow, SeatPlayer, NewRun } from './types';
export type { CallInput, CallRow, PriceRow, ProfileRow, UsageRow } from './models';
