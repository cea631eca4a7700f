import { z } from 'zod';
import { DEFAULT_MIN_EPISODES } from '../stats/caution';
import { DEFAULT_GAME } from './default-game';
import { renamingLegacyKeys } from './legacy';

/** Which runs a cross-run view covers, and which instances its players are compared on. */
export const ExploreFiltersSchema = renamingLegacyKeys(
  { split: 'subset' },
  z
    .object({
      game: z.string().min(1).default(DEFAULT_GAME),
      dataset: z.string().min(1),
      subset: z.string().min(1).optional(),
      /** Only runs where these roles are played by these players (EDA: `{ judge: 'openai:gpt-3.5-turbo' }`). */
      conditions: z.record(z.string(), z.string().min(1)).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      /** Only these runs (a static report of chosen runs: `parlor report --html`); the other filters still apply. */
      runs: z.array(z.number().int().positive()).max(1000).optional(),
      /** Only these players (leaderboard rows). */
      players: z.array(z.string().min(1)).optional(),
      /** Rows are the players of this role (a person's seat, clembench's instruction giver); default: the game's subject roles. */
      by: z.string().min(1).optional(),
      /**
       * `common` (default): players are compared on the instances every one of them finished, so an
       * error never changes a ranking; `all`: every finished episode of each player counts.
       */
      instances: z.enum(['common', 'all']).default('common'),
      /**
       * Whether people's games narrow the common instances. By default they do not: one hinted human
       * game would otherwise shrink every model's comparison to that one instance. Players below
       * `minEpisodes` never narrow them. Either way such players are shown on the common instances.
       */
      commonWithHumans: z.boolean().default(false),
      /**
       * Below this many episodes a cell says "too few" instead of a mean, and a row cannot be marked best
       * (a single lucky game must not top a table in bold).
       */
      minEpisodes: z.number().int().min(1).max(100_000).default(DEFAULT_MIN_EPISODES),
    })
    .strict(),
);
export type ExploreFiltersInput = z.input<typeof ExploreFiltersSchema>;
export type ExploreFilters = z.output<typeof ExploreFiltersSchema>;
