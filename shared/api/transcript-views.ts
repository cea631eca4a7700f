/** What the transcript pages and the search across runs show (issue 17: transcripts). */

/** The model calls behind one reply: tokens in and out, and the time they took. */
export interface TurnStats {
  tokens: number | null;
  latencyMs: number | null;
}

/** A probe as a transcript shows it, at the round it was asked before (the turn kit keeps every probe a game asks). */
export interface ProbeNote {
  round: number;
  seat: string;
  kind: string;
  text: string | null;
  /** What the game read from the reply (EDA: `{ candidates }`); null when it failed. */
  result: unknown;
  error: string | null;
}


/** A hint a person asked for: what the hint model would have done at that round. */
export interface HintView {
  round: number;
  model: string;
  text: string;
}

/** Where an episode sits in its run's order (repetition, then the instance's place). */
export interface EpisodeNeighbours {
  previous: number | null;
  next: number | null;
  /** 1-based. */
  position: number;
  total: number;
}

export interface SearchHit {
  episodeId: number;
  runId: number;
  instance: string;
  repetition: number;
  /** The first matching event: its round and who said it. */
  round: number;
  from: string;
  /** How many of the episode's events match. */
  matches: number;
  /** The text around the first match, split so the match can be highlighted. */
  before: string;
  match: string;
  after: string;
}

export interface SearchRunGroup {
  runId: number;
  runName: string | null;
  game: string;
  hits: SearchHit[];
}

export interface TranscriptSearchResult {
  query: string;
  /** Matching episodes shown (one hit each), grouped by run, newest run first. */
  runs: SearchRunGroup[];
  episodes: number;
  /** More episodes matched than the limit. */
  truncated: boolean;
}
