/**
 * What the core relies on in a game, checked once when the game is registered, so a slip in a game's
 * folder is a message naming the game and the field, not a blank column or a dead key in the UI.
 */
import type { Game } from './game';

// Underscores too: clembench names its games and players that way (matchit_ascii, player_a).
const ID = /^[a-z][a-z0-9_-]{0,31}$/;

/** Every problem with the game's self-description, in words; empty when it is sound. */
export function gameProblems(game: Game<unknown>): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(text);
  const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

  if (!ID.test(game.id)) say(`id "${game.id}" must be lowercase letters, digits, dashes and underscores, starting with a letter`);
  const roles = game.roles.map((r) => r.id);
  if (roles.length === 0) say('it has no roles');
  for (const id of duplicates(roles)) say(`role "${id}" is declared twice`);
  for (const id of roles) if (!ID.test(id)) say(`role id "${id}" must be lowercase letters, digits, dashes and underscores`);
  if (!game.roles.some((r) => r.subject)) say('no role is marked subject, so leaderboards would have no rows');
  for (const r of game.roles) {
    if (r.several && !(Number.isInteger(r.several.min) && r.several.min >= 1 && r.several.max >= r.several.min)) say(`role "${r.id}" has several { min: ${r.several.min}, max: ${r.several.max} }: 1 ≤ min ≤ max`);
    if (r.several && r.human) say(`role "${r.id}" is filled by several models and open to a person: a person's game seats one model per role`);
  }

  const metrics = game.metrics.map((m) => m.key);
  if (metrics.length === 0) say('it has no metrics');
  for (const key of duplicates(metrics)) say(`metric "${key}" is declared twice`);
  // A mean's range is required by MetricSpec's type; that it is not empty, no type can say.
  for (const m of game.metrics) if (m.range && !(m.range[0] < m.range[1])) say(`metric "${m.key}" has an empty range [${m.range.join(', ')}]`);
  const metric = (key: string | null, where: string) => {
    if (key !== null && !metrics.includes(key)) say(`${where} names "${key}", which is not one of its metrics (${metrics.join(', ')})`);
  };
  // Heatmaps, difficulty levels and the sort order need one value per row and episode: a seat metric
  // has one only where each seat is its own row (several models fill a subject role: AGE).
  const seatRows = game.roles.some((r) => r.subject && r.several);
  const perEpisode = (key: string | null, where: string) => {
    metric(key, where);
    if (!seatRows && game.metrics.find((m) => m.key === key)?.scope === 'seat') say(`${where} names "${key}", a seat metric: it needs one value per episode (or seats as rows: a subject role several models fill)`);
  };
  game.view.episodeColumns.forEach((key) => metric(key, 'view.episodeColumns'));
  game.view.heatmapMetrics.forEach((key) => perEpisode(key, 'view.heatmapMetrics'));
  perEpisode(game.view.sortBy, 'view.sortBy');
  game.view.paperTable?.metrics.forEach((key) => metric(key, 'view.paperTable.metrics'));
  perEpisode(game.view.difficulty.metric, 'view.difficulty.metric');
  perEpisode(game.view.difficulty.solved, 'view.difficulty.solved');

  return problems;
}
