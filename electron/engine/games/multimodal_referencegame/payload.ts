/**
 * One multimodal reference-game instance as the game master reads it: clembench's instance fields
 * (prompt headers, each player's three image names, the target's names, the answer patterns) and its
 * experiment's name. Image names are kept exactly as the instance writes them.
 */
import { DatasetError } from '../../core/datasets';
import type { InstanceInput } from '../../core/game';
import { patternProblems } from '../referencegame/payload';

export interface MmRefPayload {
  game_id: number;
  player_1_prompt_header: string;
  player_2_prompt_header: string;
  player_1_first_image: string;
  player_1_second_image: string;
  player_1_third_image: string;
  player_2_first_image: string;
  player_2_second_image: string;
  player_2_third_image: string;
  target_image_name: string[];
  player_1_response_pattern: string;
  player_2_response_pattern: string;
  experiment: { name: string };
}

export const P1_IMAGES = ['player_1_first_image', 'player_1_second_image', 'player_1_third_image'] as const;
export const P2_IMAGES = ['player_2_first_image', 'player_2_second_image', 'player_2_third_image'] as const;

const TEXT_FIELDS = ['player_1_prompt_header', 'player_2_prompt_header', ...P1_IMAGES, ...P2_IMAGES, 'player_1_response_pattern', 'player_2_response_pattern'] as const;

/** What is wrong with one instance object, in words (empty: usable). */
export function mmInstanceProblems(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return ['is not an object'];
  const o = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof o.game_id !== 'number') problems.push('has no numeric game_id');
  for (const f of TEXT_FIELDS) if (typeof o[f] !== 'string' || o[f] === '') problems.push(`has no text field ${f}`);
  const t = o.target_image_name;
  if (!(Array.isArray(t) && t.length > 0 && t.every((x) => typeof x === 'string'))) problems.push('has no target_image_name (a list of words such as ["first", "1st", "1"])');
  if (typeof o.player_2_prompt_header === 'string' && !o.player_2_prompt_header.includes('TARGET_EXPRESSION')) problems.push('has a player_2_prompt_header without TARGET_EXPRESSION');
  // The game master reads `remainder` from both patterns, the scorer `content` from the follower's.
  problems.push(...patternProblems(o, { player_1_response_pattern: ['remainder'], player_2_response_pattern: ['content', 'remainder'] }));
  return problems;
}

/** The six images of an instance: the describer's three, then the follower's three, as named. */
export function imagesOf(p: MmRefPayload): { describer: string[]; follower: string[] } {
  return { describer: P1_IMAGES.map((f) => p[f]), follower: P2_IMAGES.map((f) => p[f]) };
}

const ORDINALS = ['first', 'second', 'third'] as const;

/** Where the target sits for the follower: the first ordinal among the target's names. */
export function targetPosition(p: Pick<MmRefPayload, 'target_image_name'>): string {
  return p.target_image_name.map((n) => n.toLowerCase()).find((n) => (ORDINALS as readonly string[]).includes(n)) ?? 'unknown';
}

/** A checked clembench instance as a Parlor instance: key `<experiment>/<game_id>`, tags experiment and target position (as the text game's). */
export function mmToInstance(raw: Record<string, unknown>, experiment: string): InstanceInput {
  const problems = mmInstanceProblems(raw);
  if (problems.length) throw new DatasetError(`Instance ${experiment}/${String(raw.game_id)} ${problems.join('; ')}.`);
  const payload = { ...raw, experiment: { name: experiment } } as unknown as MmRefPayload;
  return { key: `${experiment}/${payload.game_id}`, name: `${experiment.replace(/_/g, ' ')} #${payload.game_id}`, payload, tags: { experiment, target: targetPosition(payload) } };
}

/** The payload of a stored instance, checked (an instance of another game is refused). */
export function mmPayload(payload: unknown): MmRefPayload {
  const problems = mmInstanceProblems(payload);
  const experiment = (payload as { experiment?: { name?: unknown } } | null)?.experiment?.name;
  if (problems.length || typeof experiment !== 'string') throw new DatasetError(`This instance is not a multimodal reference-game instance: it ${problems[0] ?? 'has no experiment name'}.`);
  return payload as MmRefPayload;
}
