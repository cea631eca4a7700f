/**
 * The per-episode scores of the MapWorld games, computed as clembench's GraphGameScorer does from
 * the moves the game master logged (see session.ts), under clembench's score names. Scores that
 * clembench logs as NaN (everything but Aborted/Success/Lose when the explorer did not stop) are left out.
 */
import { bestNextRooms, buildGraph, graphEditDistance, modelGraph, similarityFromDistance, trueGraphLower } from './graph';
import type { MapPayload } from './instance';
import { isLoop, readGraphReply } from './rules';
import type { MoveLog } from './session';

export interface EpisodeLog {
  /** The logged moves, in order, with the graph logged beside each (graph reasoning). */
  moves: { log: MoveLog; graphReply?: string | null }[];
  stopped: boolean;
  aborted: boolean;
  turnsLimit: boolean;
}

export interface ClemScores {
  episode: Record<string, number>;
  /** The turn scores clembench logs: effiencient_move per move, similarity per logged graph. */
  efficientMoves: boolean[];
  similarities: number[];
}

/** The similarity (0–100) of a logged graph to the true map; 0 when the reference could not read it. */
export function graphSimilarity(payload: MapPayload, graphReply: string | null): number {
  try {
    const read = graphReply === null ? null : readGraphReply(graphReply);
    const generated = modelGraph(read ? read.graph : null);
    return similarityFromDistance(graphEditDistance(trueGraphLower(payload.nodes, payload.edges), generated));
  } catch {
    return 0;
  }
}

export function clemScores(payload: MapPayload, log: EpisodeLog): ClemScores {
  const graph = buildGraph(payload.nodes, payload.edges);
  const adj = (room: string | null) => (room !== null && graph.hasNode(room) ? graph.neighbors(room) : []);
  let current: string | null = payload.start;
  const seen = new Set<string>([payload.start, ...adj(payload.start)]);
  const visited = new Set<string | null>([payload.start]);
  let lastRoom: string | null = payload.start;
  let valid = 0;
  let invalid = 0;
  let loops = 0;
  let positions: (string | null)[] = [payload.start];
  const efficientMoves: boolean[] = [];
  const similarities: number[] = [];

  for (const { log: move, graphReply } of log.moves) {
    if (move.old !== move.new) valid++;
    else invalid++;
    const best = current === null ? new Set<string>() : bestNextRooms(graph, current, new Set([...visited].filter((v): v is string => v !== null)));
    efficientMoves.push(best.has(move.new) && visited.size !== payload.nodes.length);
    current = move.new;
    lastRoom = move.new;
    for (const n of adj(current)) seen.add(n);
    positions.push(current);
    visited.add(current);
    if (isLoop(positions)) {
      loops++;
      // Only the go-to-X scorer starts counting afresh after a loop.
      if (payload.variant === 'specificroom') positions = [];
    }
    if (payload.variant === 'graphreasoning') similarities.push(graphSimilarity(payload, graphReply ?? null));
  }

  const episode: Record<string, number> = {};
  const stopped = log.stopped && !log.aborted;
  let success = 0;
  if (stopped) {
    success = payload.variant === 'specificroom' ? Number((payload.target ?? '').toLowerCase() === (lastRoom ?? '').toLowerCase()) : Number(payload.nodes.every((n) => visited.has(n)) && visited.size === payload.nodes.length);
  }
  episode.Aborted = stopped ? 0 : 1;
  episode.Success = success;
  episode.Lose = stopped ? 1 - success : 0;
  if (!stopped) return { episode, efficientMoves, similarities };

  const exploration = payload.nodes.length ? (visited.size / payload.nodes.length) * 100 : 0;
  const goods = efficientMoves.filter(Boolean).length;
  const efficiency = efficientMoves.length ? (goods / efficientMoves.length) * 100 : 0;
  const harmonic = efficiency + exploration ? (2 * efficiency * exploration) / (efficiency + exploration) : 0;
  Object.assign(episode, {
    moves: valid + invalid,
    valid_moves: valid,
    invalid_moves: invalid,
    stopped: 1,
    turns_limit: Number(log.turnsLimit),
    loops,
    number_visited: visited.size,
    seen: seen.size,
    efficiency,
    exploration,
  });
  if (payload.variant === 'graphreasoning') episode.graph_similarity = similarities.length ? similarities.at(-1)! : 0;
  if (payload.variant === 'specificroom') episode.old_benchscore = harmonic;
  episode['Main Score'] = payload.variant === 'specificroom' ? success * 100 : harmonic;
  return { episode, efficientMoves, similarities };
}
