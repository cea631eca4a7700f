/**
 * An EDA episode read with its probes as the paper's Table 3: for each turn, the guesser's top 5
 * before it asked, its question and the answer; the true entity's rank among the five (any alias,
 * whole words, as a winning question is matched); and whether the answer eliminated all five (the
 * next turn's probe names none of them — the table's highlighted turns).
 */
import type { ProbeRoundView } from '../../../../../shared/api/capabilities/probing';
import type { ProbeHooks, StoredProbe } from '../../../capabilities/probing/provision';
import { edaPayload } from '../datasets';
import { mentionsEntity } from '../rules';
import type { EdaSettings } from '../settings';
import { edaTurns } from '../turns';
import { PROBE_KIND, PROBE_SIZE } from './top5';

function candidatesOf(probe: StoredProbe | undefined): string[] | null {
  const result = probe?.valid ? (probe.result as { candidates?: unknown } | null) : null;
  return Array.isArray(result?.candidates) ? result.candidates.map(String) : null;
}

const key = (name: string) => name.toLowerCase().replace(/['’]/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** 1-based rank of the first candidate naming the entity (or named by it: "The Eiffel Tower" vs "Eiffel Tower"). */
export function entityRank(candidates: readonly string[], aliases: readonly string[]): number | null {
  const i = candidates.findIndex((c) => mentionsEntity(c, aliases) || aliases.some((a) => mentionsEntity(a, [c])));
  return i < 0 ? null : i + 1;
}

/** Whether two probes share no candidate (compared without case and punctuation). */
export function disjoint(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map(key));
  return !b.some((c) => left.has(key(c)));
}

export const edaProbing: ProbeHooks<EdaSettings> = {
  seat: 'guesser',
  kind: PROBE_KIND,
  size: PROBE_SIZE,
  enabled: (settings) => settings.probe.enabled,
  rounds({ events, probes, instance }): ProbeRoundView[] {
    const { aliases } = edaPayload(instance.payload);
    const byRound = new Map(probes.filter((p) => p.seat === 'guesser' && p.kind === PROBE_KIND).map((p) => [p.round, p]));
    const turns = new Map(edaTurns(events).turns.map((t) => [t.idx, t]));
    const last = Math.max(0, ...byRound.keys(), ...turns.keys());
    const rounds: ProbeRoundView[] = [];
    for (let round = 1; round <= last; round++) {
      const probe = byRound.get(round);
      const turn = turns.get(round);
      if (!probe && !turn) continue;
      const items = candidatesOf(probe);
      const next = candidatesOf(byRound.get(round + 1));
      rounds.push({
        round,
        move: turn?.question ?? null,
        reply: turn ? (turn.raw ?? 'Bingo!') : null,
        items,
        error: probe && !probe.valid ? (probe.error ?? 'the probe failed') : null,
        targetRank: items ? entityRank(items, aliases) : null,
        turnover: items !== null && next !== null && disjoint(items, next),
      });
    }
    return rounds;
  },
};
