/**
 * What a clembench game tells Parlor's clembench importer and scoring. Each clembench game folder
 * exports one `ClemAdapter`; the importer replays a logged episode through the game's own master with
 * the logged replies, so Parlor's prompts, parsing and scorer are checked against the log.
 */
import type { MetricSpec } from '../../../../shared/contract/game';
import type { InstanceInput } from '../../core/game';

/** One clembench interaction record (`interactions.json` → turns[][]), as clemcore logs it. */
export interface ClemAction {
  from: string;
  to: string;
  timestamp?: string;
  action: { type: string; content?: unknown; [key: string]: unknown };
}

export interface ClemAdapter {
  /** The Parlor game id. */
  game: string;
  /** Names of the game's folder in clembench results trees (e.g. `referencegame`). */
  clemNames: readonly string[];
  /** clembench player names in interactions.json (`Player 1`, `Player 2`) → Parlor seats; others are the game master's. */
  seats: Readonly<Record<string, string>>;
  /** The instance a logged `instance.json` describes, as the game would load it (key, tags, payload). */
  instanceFrom(instance: Record<string, unknown>, experiment: Record<string, unknown> & { name: string }): InstanceInput;
  /** Logged episode-score keys (scores.json "episode scores", raw.csv `metric`) → Parlor metric keys. */
  scoreKeys: Readonly<Record<string, string>>;
  /** Logged episode-score keys that Parlor keeps per seat (clembench's "Aborted at Player 1"). */
  seatScoreKeys?: Readonly<Record<string, { seat: string; metric: string }>>;
}

/**
 * The logged replies of each seat, in order, exactly as the players produced them: clemcore logs a
 * player's raw reply as its `get message` action to the GM.
 */
export function clemReplies(turns: readonly (readonly ClemAction[])[], seats: Readonly<Record<string, string>>): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(Object.values(seats).map((seat) => [seat, []]));
  for (const a of turns.flat()) {
    const seat = seats[a.from];
    if (seat && a.to === 'GM' && a.action.type === 'get message') out[seat]!.push(String(a.action.content ?? ''));
  }
  return out;
}

/** The metrics every clembench game has: Played (1 − Aborted, every counted episode) and Main Score (played episodes only). */
export const CLEM_METRICS: readonly MetricSpec[] = [
  { key: 'played', label: '% Played', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], percent: true, description: '1 − Aborted: the episode was played to the end by the rules (clembench "Played"); shown as a percentage, stored and exported as the share.' },
  { key: 'main_score', label: 'Main Score', direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 2, range: [0, 100], description: "clembench's Main Score (0–100); not scored for aborted episodes, so its mean is clembench's quality." },
];

/** The score keys all clembench games log the same way. */
export const CLEM_SCORE_KEYS = { Aborted: 'aborted', Played: 'played', 'Main Score': 'main_score' } as const;
