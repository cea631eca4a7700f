/**
 * MatchIt ASCII's instances: clembench's instance file (`datasets/clembench/matchit_ascii/
 * instances_v1.6.json`, experiments same_grid, similar_grid_1, similar_grid_2, different_grid), or a
 * user's file in the same format. The experiment-level fields (prompts, flags, solutions) travel in
 * every instance's payload, so a game master needs nothing else. The image MatchIt (`games/matchit`)
 * reads its files with the same script and loader; only the pictures differ (grids here, images there).
 */
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
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

/** What a MatchIt game master needs besides the players' pictures: the experiment's texts, flags and answers. */
export interface MatchItScript {
  experiment: string;
  gameId: number;
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

export interface MatchItPayload extends MatchItScript {
  gridA: string;
  gridB: string;
}

export type ClemRecord = Record<string, unknown>;
export type ClemExperimentRecord = ClemRecord & { name: string };

export const str = (value: unknown, where: string): string => {
  if (typeof value !== 'string') throw new DatasetError(`${where} must be a string.`);
  return value;
};

/** Where an instance's problems are reported: its experiment and game id. */
export const instanceWhere = (instance: ClemRecord, experiment: ClemExperimentRecord) => `experiment "${experiment.name}", game ${String(instance.game_id)}`;

/** The experiment's texts, flags and answers with the instance's id and decision turn, checked. */
export function matchitScript(instance: ClemRecord, experiment: ClemExperimentRecord): MatchItScript {
  const where = instanceWhere(instance, experiment);
  const gameId = instance.game_id;
  if (typeof gameId !== 'number' || !Number.isInteger(gameId)) throw new DatasetError(`${where}: game_id must be an integer.`);
  const decisionTurn = instance.decision_turn;
  if (typeof decisionTurn !== 'number' || !Number.isInteger(decisionTurn) || decisionTurn < 1) throw new DatasetError(`${where}: decision_turn must be an integer of at least 1.`);
  const flags = experiment.flags as ClemRecord | undefined;
  if (!flags || typeof flags !== 'object') throw new DatasetError(`experiment "${experiment.name}" has no flags.`);
  const field = (value: unknown, name: string) => str(value, `experiment "${experiment.name}": ${name}`);
  return {
    experiment: experiment.name,
    gameId,
    decisionTurn,
    initialPrompt: field(experiment.initial_prompt, 'initial_prompt'),
    qReprompt: field(experiment.q_reprompt, 'q_reprompt'),
    dReprompt: field(experiment.d_reprompt, 'd_reprompt'),
    aRequest: field(experiment.a_request, 'a_request'),
    descIntro: field(experiment.desc_intro, 'desc_intro'),
    flags: {
      description: field(flags.description, 'flags.description'),
      question: field(flags.question, 'flags.question'),
      answer: field(flags.answer, 'flags.answer'),
      decision: field(flags.decision, 'flags.decision'),
    },
    solution: field(experiment.solution, 'solution'),
    wrongSolution: field(experiment.wrong_solution, 'wrong_solution'),
  };
}

/** An instance of the clembench file and its experiment, checked, as the game master reads it. */
export function matchitInstance(instance: ClemRecord, experiment: ClemExperimentRecord): InstanceInput {
  const where = instanceWhere(instance, experiment);
  const script = matchitScript(instance, experiment);
  const payload: MatchItPayload = { ...script, gridA: str(instance.grid_a, `${where}: grid_a`), gridB: str(instance.grid_b, `${where}: grid_b`) };
  if (!payload.initialPrompt.includes('$GRID$')) throw new DatasetError(`experiment "${experiment.name}": initial_prompt has no $GRID$ to put the grid in.`);
  return matchitInput(payload, payload.gridA === payload.gridB);
}

/** An instance as Parlor lists it: `<experiment>/<game_id>`, tagged by experiment and whether both players see the same picture. */
export function matchitInput(payload: MatchItScript, same: boolean): InstanceInput {
  return {
    key: `${payload.experiment}/${payload.gameId}`,
    name: `${payload.experiment} #${payload.gameId}`,
    payload,
    tags: { experiment: payload.experiment, same: same ? 'same' : 'different' },
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

type InstanceReader = (instance: ClemRecord, experiment: ClemExperimentRecord) => InstanceInput;

/** Every instance of a clembench instance file's text, in file order, read by the game's reader. */
export function readMatchItFile(text: string, source: string, read: InstanceReader): InstanceInput[] {
  const instances = clemExperiments(text, source).flatMap((exp) => exp.instances.map((game) => read(game as ClemRecord, { ...exp.fields, name: exp.name })));
  const twice = duplicateKey(instances.map((i) => i.key));
  if (twice) throw new DatasetError(`${source}: instance ${twice} appears twice.`);
  return instances;
}

/** Every instance of a MatchIt ASCII instance file's text, in file order. */
export const parseInstanceFile = (text: string, source: string): InstanceInput[] => readMatchItFile(text, source, matchitInstance);

/** A MatchIt variant's data: one bundled clembench file (subset "all") or a user's file of the same shape. */
export interface MatchItFiles {
  kind: string;
  /** The game's name in messages ("MatchIt ASCII"). */
  what: string;
  title: string;
  /** The bundled file, under `datasets/clembench/`. */
  dir: string;
  file: string;
  read: InstanceReader;
}

export function matchitFileDatasets(spec: MatchItFiles): DatasetSource {
  const read = (path: string): string => {
    try {
      return readUtf8(path, `the ${spec.what} instances ${path}`, DATASET_FILE);
    } catch (error) {
      if (error instanceof DatasetError) throw error;
      throw new DatasetError(`Cannot read the ${spec.what} instances ${path}: ${(error as Error).message}`);
    }
  };
  return {
    bundled: () => [{ name: BUNDLED_VERSION, title: spec.title, kind: spec.kind, subsets: ['all'] }],

    load(ref: DatasetRef): LoadedDataset {
      if (ref.file) {
        const path = resolve(ref.file);
        const text = read(path);
        const { name, contentHash } = fileDatasetName(path, text);
        return { name, kind: spec.kind, subset: ref.subset ?? 'all', source: path, contentHash, instances: readMatchItFile(text, path, spec.read), problems: [] };
      }
      if (ref.name !== BUNDLED_VERSION) throw new DatasetError(`Unknown dataset "${ref.name}": ${spec.what} has "${BUNDLED_VERSION}" (or give a clembench instance file).`);
      const subset = ref.subset ?? 'all';
      if (subset !== 'all') throw new DatasetError(`Unknown subset "${subset}" of ${BUNDLED_VERSION}: ${spec.what} has "all" (filter by the experiment tag).`);
      const path = resolve(datasetsRoot(), 'clembench', spec.dir, spec.file);
      const instances = readMatchItFile(read(path), `bundled:${BUNDLED_VERSION}/all`, spec.read);
      return { name: BUNDLED_VERSION, kind: spec.kind, subset, source: `bundled:${BUNDLED_VERSION}/all`, contentHash: null, instances, problems: [] };
    },
  };
}

export const matchitDatasets: DatasetSource = matchitFileDatasets({
  kind: MATCHIT_KIND,
  what: 'MatchIt ASCII',
  title: 'MatchIt ASCII v1.6 (clembench)',
  dir: 'matchit_ascii',
  file: `instances_${BUNDLED_VERSION}.json`,
  read: matchitInstance,
});
