/**
 * One reference-game instance as the game master reads it: the clembench instance's fields (prompt
 * headers, grids, target names, answer patterns and modes) and its experiment's name.
 */
import { DatasetError } from '../../core/datasets';
import type { InstanceInput } from '../../core/game';
import { groupNames, pyRegex, PyRegexError } from '../clembench/pyregex';

export interface RefPayload {
  game_id: number;
  player_1_prompt_header: string;
  player_2_prompt_header: string;
  player_1_target_grid: string;
  player_1_second_grid: string;
  player_1_third_grid: string;
  player_2_first_grid: string;
  player_2_second_grid: string;
  player_2_third_grid: string;
  target_grid_name: string | string[];
  player_1_response_pattern: string;
  player_2_response_pattern: string;
  p1_mode?: 'strict' | 'liberal';
  p2_mode?: 'strict' | 'liberal';
  lang?: string;
  experiment: { name: string };
}

const TEXT_FIELDS = [
  'player_1_prompt_header',
  'player_2_prompt_header',
  'player_1_target_grid',
  'player_1_second_grid',
  'player_1_third_grid',
  'player_2_first_grid',
  'player_2_second_grid',
  'player_2_third_grid',
  'player_1_response_pattern',
  'player_2_response_pattern',
] as const;

/** What is wrong with one instance object, in words (empty: usable). */
export function instanceProblems(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return ['is not an object'];
  const o = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof o.game_id !== 'number') problems.push('has no numeric game_id');
  for (const f of TEXT_FIELDS) if (typeof o[f] !== 'string') problems.push(`has no text field ${f}`);
  const t = o.target_grid_name;
  if (!(typeof t === 'string' || (Array.isArray(t) && t.length > 0 && t.every((x) => typeof x === 'string')))) problems.push('has no target_grid_name (a word or a list of words)');
  for (const m of ['p1_mode', 'p2_mode'] as const) if (o[m] !== undefined && o[m] !== 'strict' && o[m] !== 'liberal') problems.push(`has ${m} "${String(o[m])}" (strict or liberal)`);
  if (typeof o.player_2_prompt_header === 'string' && !o.player_2_prompt_header.includes('TARGET_EXPRESSION')) problems.push('has a player_2_prompt_header without TARGET_EXPRESSION');
  const modern = o.p1_mode !== undefined || o.p2_mode !== undefined;
  problems.push(
    ...patternProblems(o, {
      player_1_response_pattern: modern ? ['remainder'] : ['content', 'remainder'],
      player_2_response_pattern: modern ? ['response', 'remainder'] : ['content', 'remainder'],
    }),
  );
  return problems;
}

/** What is wrong with an instance's answer patterns: each must compile (as Python reads it) and name the groups the rules read. */
export function patternProblems(o: Record<string, unknown>, needs: Readonly<Record<string, readonly string[]>>): string[] {
  const problems: string[] = [];
  for (const [field, groups] of Object.entries(needs)) {
    const source = o[field];
    if (typeof source !== 'string') continue;
    try {
      const names = groupNames(pyRegex(source));
      const missing = groups.filter((g) => !names.includes(g));
      if (missing.length) problems.push(`has a ${field} without the group(s) ${missing.join(', ')}`);
    } catch (error) {
      if (!(error instanceof PyRegexError)) throw error;
      problems.push(`has a ${field} that cannot be compiled: ${error.message}`);
    }
  }
  return problems;
}

/** Where the target sits for the follower (first, second, third), from the grids themselves. */
export function targetPosition(p: Pick<RefPayload, 'player_1_target_grid' | 'player_2_first_grid' | 'player_2_second_grid' | 'player_2_third_grid'>): string {
  const grids = [p.player_2_first_grid, p.player_2_second_grid, p.player_2_third_grid];
  const i = grids.indexOf(p.player_1_target_grid);
  return i < 0 ? 'unknown' : (['first', 'second', 'third'] as const)[i]!;
}

/** A checked clembench instance as a Parlor instance: key `<experiment>/<game_id>`, tags experiment and target position. */
export function toInstance(raw: Record<string, unknown>, experiment: string): InstanceInput {
  const problems = instanceProblems(raw);
  if (problems.length) throw new DatasetError(`Instance ${experiment}/${String(raw.game_id)} ${problems.join('; ')}.`);
  const payload = { ...raw, experiment: { name: experiment } } as unknown as RefPayload;
  const target = targetPosition(payload);
  return { key: `${experiment}/${payload.game_id}`, name: `${experiment.replace(/_/g, ' ')} #${payload.game_id}`, payload, tags: { experiment, target } };
}

/** The payload of a stored instance, checked (an instance of another game is refused). */
export function refPayload(payload: unknown): RefPayload {
  const problems = instanceProblems(payload);
  const experiment = (payload as { experiment?: { name?: unknown } } | null)?.experiment?.name;
  if (problems.length || typeof experiment !== 'string') throw new DatasetError(`This instance is not a reference-game instance: it ${problems[0] ?? 'has no experiment name'}.`);
  return payload as RefPayload;
}
