import { textOf } from '../../../shared/contract/content';
import { scoresLine } from '../../../shared/contract/game';
import { orderSeats } from '../../engine/api/views';
import type { EventRecord } from '../../engine/core/events';
import type { Game } from '../../engine/core/game';
import { capabilityOf } from '../../engine/core/capability';
import { planOfRun } from '../../engine/core/run-plan';
import { episodeBundle } from '../../engine/api/episode-bundle';
import type { CallRow, EpisodeRow } from '../../engine/store/store';
import { openStore, parseId } from '../context';
import { writeOutput } from '../output';
import { fixedOr } from '../../../shared/text/number';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Any game's events as lines: round, who to whom, what was said, what the game read. */
export function genericTranscript(events: readonly EventRecord[]): string[] {
  return events.map((e) => {
    const who = `${e.from ?? 'game'}${e.to ? ` → ${e.to}` : ''}`;
    const text = e.text ?? (e.parts ? textOf(e.parts) : '');
    const images = e.parts?.filter((p) => p.type === 'image').length ?? 0;
    const action = e.action === null || e.action === undefined ? '' : `   ⇒ ${JSON.stringify(e.action)}`;
    return `${String(e.round).padStart(2)}. [${e.kind}] ${who}: ${text.replace(/\n/g, ' ⏎ ')}${images ? ` (+${images} image${images > 1 ? 's' : ''})` : ''}${e.valid === false ? '   ✗ invalid' : ''}${action}${e.flags.length ? `   ⚑ ${e.flags.join(', ')}` : ''}`;
  });
}

export function renderTranscript(game: Game<unknown>, episode: EpisodeRow, events: readonly EventRecord[], settings: unknown): string {
  const head = [
    `Episode ${episode.id} · run ${episode.runId} · ${episode.datasetName}/${episode.instance.subset} · repetition ${episode.repetition}`,
    `${capital(game.view.nouns.instance)}: ${episode.instance.key}`,
    orderSeats(episode.seats, game).map((s) => `${game.roles.find((r) => r.id === s.role)?.label ?? capital(s.seat)}: ${s.player}`).join(' · '),
    `Status: ${episode.status}${episode.outcome ? ` (${game.view.outcomeLabels[episode.outcome]})` : ''}${episode.error ? ` — ${episode.error}` : ''}`,
  ];
  if (episode.scores) head.push(scoresLine(game.metrics, episode.scores));
  const transcript = capabilityOf(game, 'text-transcript');
  const body = transcript ? transcript(events, settings) : genericTranscript(events);
  return [...head, '', ...body].join('\n');
}

export function showCommand(episodeText: string, flags: { json?: boolean; calls?: boolean; bundle?: string; db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const episode = store.episodes.get(parseId(episodeText, 'Episode id'));
    const { game, settings } = planOfRun(store.runs.get(episode.runId));
    const events = store.events.list(episode.id);
    if (flags.bundle) {
      const file = episodeBundle(store, episode.id);
      writeOutput(flags.bundle, Buffer.from(file.content, 'base64'));
      process.stderr.write(`wrote episode ${episode.id} with its images to ${flags.bundle}\n`);
      return 0;
    }
    const calls: CallRow[] | undefined = flags.calls || flags.json ? store.models.calls(episode.id) : undefined;
    if (flags.json) {
      console.log(JSON.stringify({ episode, events, calls }, null, 2));
      return 0;
    }
    console.log(renderTranscript(game, episode, events, settings));
    if (calls) {
      console.log(`\nModel calls (${calls.length}):`);
      for (const c of calls) {
        console.log(`  #${c.id} round ${c.round} ${c.role} attempt ${c.attempt} ${c.status}${c.httpStatus ? ` HTTP ${c.httpStatus}` : ''} ${fixedOr(c.latencyMs, 0, '?')} ms${c.error ? ` — ${c.error}` : ''}`);
        console.log(`    request:  ${JSON.stringify(c.request)}`);
        console.log(`    response: ${JSON.stringify(c.response)}`);
      }
    }
    return 0;
  } finally {
    store.close();
  }
}
