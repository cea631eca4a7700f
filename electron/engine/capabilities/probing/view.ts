/**
 * Dialogue-state probes of chosen runs, for any game that provides `probing`: each probed
 * episode as rounds (the game reads them), and per model the true answer's mean rank at each round
 * with a 95% t interval, an absent answer counted as one past the last item (EDA: 6).
 */
import type { ProbeEpisodeView, ProbeSeriesPoint, ProbeView } from '../../../../shared/api/capabilities/probing';
import { planOfRun } from '../../core/run-plan';
import { meanInterval } from '../../stats/intervals';
import { capabilityOf } from '../../core/capability';
import { UserError } from '../../errors';

import type { Store } from '../../store/store';

/** Pure: per player, the mean rank at each round over the episodes probed there. */
export function probeSeries(episodes: readonly ProbeEpisodeView[], absentRank: number): ProbeView['series'] {
  const sums = new Map<string, Map<number, { n: number; sum: number; sum2: number; hits: number }>>();
  for (const episode of episodes) {
    const byRound = sums.get(episode.player) ?? new Map();
    sums.set(episode.player, byRound);
    for (const r of episode.rounds) {
      if (!r.items) continue;
      const rank = r.targetRank ?? absentRank;
      const s = byRound.get(r.round) ?? { n: 0, sum: 0, sum2: 0, hits: 0 };
      s.n++;
      s.sum += rank;
      s.sum2 += rank * rank;
      if (r.targetRank !== null) s.hits++;
      byRound.set(r.round, s);
    }
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([player, byRound]) => ({
      player,
      points: [...byRound]
        .sort(([a], [b]) => a - b)
        .map(([round, s]): ProbeSeriesPoint => ({ round, n: s.n, meanRank: s.sum / s.n, ...meanInterval(s.sum, s.sum2, s.n, [1, absentRank]), inItems: s.hits / s.n })),
    }));
}

export function probeView(store: Store, runIds: readonly number[]): ProbeView {
  if (runIds.length === 0) throw new UserError('Choose at least one run to read probes from.');
  let hooks: { seat: string; kind: string; size: number } | null = null;
  const episodes: ProbeEpisodeView[] = [];
  let probes = 0;
  let failed = 0;
  for (const runId of runIds) {
    const run = store.runs.get(runId);
    const { game, settings } = planOfRun(run);
    const probing = capabilityOf(game, 'probing');
    if (!probing) throw new UserError(`Run ${runId} plays ${game.shortTitle}, which offers no dialogue-state probes.`);
    if (hooks && (hooks.kind !== probing.kind || hooks.seat !== probing.seat)) throw new UserError(`Run ${runId} probes ${probing.seat} (${probing.kind}), unlike the other runs chosen: read them apart.`);
    hooks = probing;
    const stored = store.probes.forRun(runId);
    if (!probing.enabled(settings) && stored.size === 0) {
      throw new UserError(`Run ${runId} was played without probes: start a run with probing on (EDA: "probe": {"enabled": true} in the New run page's game settings, or parlor run --set probe.enabled=true).`);
    }
    for (const episode of store.episodes.list(runId)) {
      const list = stored.get(episode.id) ?? [];
      if (list.length === 0) continue;
      probes += list.length;
      failed += list.filter((p) => !p.valid).length;
      const seat = episode.seats.find((s) => s.seat === probing.seat);
      episodes.push({
        episodeId: episode.id,
        runId,
        instance: episode.instance.name,
        repetition: episode.repetition,
        outcome: episode.outcome,
        player: seat?.player ?? probing.seat,
        rounds: probing.rounds({ events: store.events.list(episode.id), probes: list, instance: episode.instance }),
      });
    }
  }
  const { seat, kind, size } = hooks!;
  return { kind, seat, size, absentRank: size + 1, series: probeSeries(episodes, size + 1), episodes, counts: { episodes: episodes.length, probes, failed } };
}
