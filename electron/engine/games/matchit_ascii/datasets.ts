/**
 * MatchIt ASCII's instances: clembench's instance file (`datasets/clembench/matchit_ascii/
 * instances_v1.6.json`, experiments same_grid, similar_grid_1, similar_grid_2, different_grid), or a
 * user's file in the same format. The experiment-level fields (prompts, flags, solutions) travel in
 * every instance's payload, so a game master needs nothing else.
 */
import { readFileSync } from 'node:fs';
import { clemExperiments, duplicateKey } from '../clembench/instance-file';
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName } from '../../core/datasets';
import type { DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';

export const MATCHIT_KIND = 'matchit_ascii';
export const BUNDLED_VERSION = 'v1.6';

export interface MatchItFlags {
  description: string;
  question: string;
  answer: string;
  decision: string;
}

export interface MatchItPayload {
  experiment: string;
  gameId: number;
  gridA: string;
  gridB: string;
  /** The round of the last question and answer; the decisions follow (3 in every v1.6 instance). */
  decisionTurn: number;
  initialPrompt: string;
  qReprompt: string;
  dReprompt: string;
  aRequest: string;
  descIntro: string;
  flags: MatchItFlags;
  solution: string;
  wrongSolution: string;
}

const str = (value: unknown, where: string): string => {
  if (typeof value !== 'string') throw new DatasetError(`${where} must be a string.`);
  return value;
};

/** An instance of the clembench file and its experiment, checked, as the game master reads it. */
export function matchitInstance(instance: Record<string, unknown>, experiment: Record<string, unknown> & { name: string }): InstanceInput {
  const where = `experiment "${experiment.name}", game ${String(instance.game_id)}`;
  const gameId = instance.game_id;
  if (typeof gameId !== 'number' || !Number.isInteger(gameId)) throw new DatasetError(`${where}: game_id must be an integer.`);
  const decisionTurn = instance.decision_turn;
  if (typeof decisionTurn !== 'number' || !Number.isInteger(decisionTurn) || decisionTurn < 1) throw new DatasetError(`${where}: decision_turn must be an integer of at least 1.`);
  const flags = experiment.flags as Record<string, unknown> | undefined;
  if (!flags || typeof flags !== 'object') throw new DatasetError(`experiment "${experiment.name}" has no flags.`);
  const payload: MatchItPayload = {
    experiment: experiment.name,
    gameId,
    gridA: str(instance.grid_a, `${where}: grid_a`),
    gridB: str(instance.grid_b, `${where}: grid_b`),
    decisionTurn,
    initialPrompt: str(experiment.initial_prompt, `experiment "${experiment.name}": initial_prompt`),
    qReprompt: str(experiment.q_reprompt, `experiment "${experiment.name}": q_reprompt`),
    dReprompt: str(experiment.d_reprompt, `experiment "${experiment.name}": d_reprompt`),
    aRequest: str(experiment.a_request, `experiment "${experiment.name}": a_request`),
    descIntro: str(experiment.desc_intro, `experiment "${experiment.name}": desc_intro`),
    flags: {
      description: str(flags.description, `experiment "${experiment.name}": flags.description`),
      question: str(flags.question, `experiment "${experiment.name}": flags.question`),
      answer: str(flags.answer, `experiment "${experiment.name}": flags.answer`),
      decision: str(flags.decision, `experiment "${experiment.name}": flags.decision`),
    },
    solution: str(experiment.solution, `experiment "${experiment.name}": solution`),
    wrongSolution: str(experiment.wrong_solution, `experiment "${experiment.name}": wrong_solution`),
  };
  if (!payload.initialPrompt.includes('$GRID$')) throw new DatasetError(`experiment "${experiment.name}": initial_prompt has no $GRID$ to put the grid in.`);
  return {
    key: `${experiment.name}/${gameId}`,
    name: `${experiment.name} #${gameId}`,
    payload,
    tags: { experiment: experiment.name, same: payload.gridA === payload.gridB ? 'same' : 'different' },
  };
}

/** The payload of a stored instance, or a DatasetError if it is not a MatchIt one. */
export function matchitPayload(payload: unknown): MatchItPayload {
  const p = payload as Partial<MatchItPayload> | null;
  if (!p || typeof p.gridA !== 'string' || typeof p.gridB !== 'string' || !p.flags || typeof p.decisionTurn !== 'number') {
    throw new DatasetError('This instance is not a MatchIt ASCII instance (it has no grids, flags or decision turn).');
  }
  return p as MatchItPayload;
}

/** Every instance of a clembench instance file's text, in file order. */
export function parseInstanceFile(text: string, source: string): InstanceInput[] {
  const instances = clemExperiments(text, source).flatMap((exp) => exp.instances.map((game) => matchitInstance(game as Record<string, unknown>, { ...exp.fields, name: exp.name })));
  const twice = duplicateKey(instances.map((i) => i.key));
  if (twice) throw new DatasetError(`${source}: instance ${twice} appears twice.`);
  return instances;
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new DatasetError(`Cannot read the MatchIt ASCII instances ${path}: ${(error as Error).message}`);
  }
}

export const matchitDatasets: DatasetSource = {
  bundled: () => [{ name: BUNDLED_VERSION, title: 'MatchIt ASCII v1.6 (clembench)', kind: MATCHIT_KIND, subsets: ['all'] }],

  load(ref: DatasetRef): LoadedDataset {
    if (ref.file) {
      const path = resolve(ref.file);
      const text = read(path);
      const { name, contentHash } = fileDatasetName(path, text);
      return { name, kind: MATCHIT_KIND, subset: ref.subset ?? 'all', source: path, contentHash, instances: parseInstanceFile(text, path), problems: [] };
    }
    if (ref.name !== BUNDLED_VERSION) throw new DatasetError(`Unknown dataset "${ref.name}": MatchIt ASCII has "${BUNDLED_VERSION}" (or give a clembench instance file).`);
    const subset = ref.subset ?? 'all';
    if (subset !== 'all') throw new DatasetError(`Unknown subset "${subset}" of ${BUNDLED_VERSION}: MatchIt ASCII has "all" (filter by the experiment tag).`);
    const path = resolve(datasetsRoot(), 'clembench', 'matchit_ascii', `instances_${BUNDLED_VERSION}.json`);
    const instances = parseInstanceFile(read(path), `bundled:${BUNDLED_VERSION}/all`);
    return { name: BUNDLED_VERSION, kind: MATCHIT_KIND, subset, source: `bundled:${BUNDLED_VERSION}/all`, contentHash: null, instances, problems: [] };
  },
};
