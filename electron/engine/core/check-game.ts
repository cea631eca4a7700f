/**
 * What the core relies on in a game, checked once when the game is registered, so a slip in a game's
 * folder is a message naming the game and the field, not a blank column or a dead key in the UI.
 */
import { ANNOTATION_COMMAND_KEYS } from '../../../shared/contract/game';
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
  const aggregates = (game.aggregates ?? []).map((a) => a.key);
  if (metrics.length === 0) say('it has no metrics');
  for (const key of duplicates([...metrics, ...aggregates])) say(`metric or aggregate "${key}" is declared twice`);
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

  for (const preset of game.presets ?? []) {
    const bundled = game.datasets.bundled().find((d) => d.name === preset.dataset.name);
    if (!bundled) say(`preset "${preset.id}" plays dataset "${preset.dataset.name}", which the game does not bundle`);
    else if (preset.dataset.subset && !bundled.subsets.includes(preset.dataset.subset)) say(`preset "${preset.id}" plays subset "${preset.dataset.subset}", which ${preset.dataset.name} does not have`);
    try {
      game.settings.parse(preset.settings);
    } catch (error) {
      say(`preset "${preset.id}" has settings the game refuses: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }

  const annotation = game.annotation;
  if (annotation) {
    if (!roles.includes(annotation.target.role)) say(`annotation.target.role "${annotation.target.role}" is not one of its roles`);
    const labels = annotation.info.labels;
    if (labels.length === 0) say('annotation has no labels');
    for (const id of duplicates(labels.map((l) => l.id))) say(`annotation label "${id}" is declared twice`);
    for (const key of duplicates(labels.map((l) => l.key))) say(`annotation key "${key}" is given to two labels`);
    for (const { id, key } of labels) {
      if (!/^[a-z0-9]$/.test(key)) say(`annotation label "${id}" has key "${key}": a key is one lowercase letter or digit`);
      else if ((ANNOTATION_COMMAND_KEYS as readonly string[]).includes(key)) {
        say(`annotation label "${id}" has key "${key}", which the annotation page keeps for itself (${ANNOTATION_COMMAND_KEYS.join(' ')})`);
      }
    }
    annotation.info.recompute.metrics.forEach((key) => metric(key, 'annotation.info.recompute.metrics'));
    annotation.info.producerMetrics?.forEach((key) => metric(key, 'annotation.info.producerMetrics'));
    if (!annotation.apply !== !annotation.info.apply) say('annotation.apply and annotation.info.apply go together: declare both or neither');
  }
  return problems;
}
