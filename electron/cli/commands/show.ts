import type { CallRow, EpisodeRow, TurnRow } from '../../engine/store/store';
import { openStore, parseId } from '../context';

const LABEL_MARK: Record<string, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'BINGO', other: '??' };

export function renderTranscript(episode: EpisodeRow, turns: readonly TurnRow[]): string {
  const head = [
    `Episode ${episode.id} · run ${episode.runId} · ${episode.datasetName}/${episode.split} · repetition ${episode.repetition}`,
    `Entity: ${episode.entityLine}`,
    `Guesser: ${episode.players.guesser ?? '?'} · Judge: ${episode.players.judge ?? '?'}`,
    `Status: ${episode.status}${episode.outcome ? ` (${episode.outcome})` : ''}${episode.error ? ` — ${episode.error}` : ''}`,
  ];
  if (episode.metrics) {
    const m = episode.metrics;
    head.push(`#Turns ${m.turns} · Success ${m.success} · #Yes ${m.yes} · Score ${m.score?.toFixed(2)}`);
  }
  const body = turns.flatMap((t) => {
    const lines = [`${String(t.idx).padStart(2)}. G: ${t.guesserInHistory}`];
    if (t.guesserGenerated.trim() !== t.guesserSent) lines.push(`      (generated: ${JSON.stringify(t.guesserGenerated)})`);
    lines.push(`    J: ${t.judgeReply}   [${LABEL_MARK[t.judgeLabel]}]${t.flags?.length ? `   ⚑ ${t.flags.join(', ')}` : ''}`);
    return lines;
  });
  return [...head, '', ...body].join('\n');
}

export function showCommand(episodeText: string, flags: { json?: boolean; calls?: boolean; db?: string }): number {
  const store = openStore(flags.db);
  try {
    const episode = store.getEpisode(parseId(episodeText, 'Episode id'));
    const turns = store.getTurns(episode.id);
    const calls: CallRow[] | undefined = flags.calls || flags.json ? store.getCalls(episode.id) : undefined;
    if (flags.json) {
      console.log(JSON.stringify({ episode, turns, calls }, null, 2));
      return 0;
    }
    console.log(renderTranscript(episode, turns));
    if (calls) {
      console.log(`\nModel calls (${calls.length}):`);
      for (const c of calls) {
        console.log(`  #${c.id} turn ${c.turnIdx} ${c.role} attempt ${c.attempt} ${c.status}${c.httpStatus ? ` HTTP ${c.httpStatus}` : ''} ${c.latencyMs?.toFixed(0)} ms${c.error ? ` — ${c.error}` : ''}`);
        console.log(`    request:  ${JSON.stringify(c.request)}`);
        console.log(`    response: ${JSON.stringify(c.response)}`);
      }
    }
    return 0;
  } finally {
    store.close();
  }
}
