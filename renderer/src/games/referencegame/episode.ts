import type { EventView } from '../../../../shared/api/contract';

/** A reference-game episode as the views show it (the engine's game folder documents the events). */
export interface RefGrid {
  label: string;
  rows: string[];
}

export interface RefReply {
  text: string;
  valid: boolean | null;
  flags: string[];
  callId: number | null;
}

export interface RefEpisodeView {
  describerGrids: RefGrid[];
  followerGrids: RefGrid[];
  describer: RefReply | null;
  follower: RefReply | null;
  /** The game master's verdict: correct/wrong with the answer, or why it aborted. */
  verdict: { kind: 'correct' | 'wrong' | 'aborted'; text: string } | null;
}

/** The grid printed after each heading line ("Target grid:", "First:", …) up to the next blank line. */
export function gridsIn(prompt: string, headings: readonly string[]): RefGrid[] {
  const lines = prompt.split('\n');
  return headings.flatMap((heading) => {
    const at = lines.findIndex((l) => l.trim() === heading);
    if (at < 0) return [];
    const rows: string[] = [];
    for (const line of lines.slice(at + 1)) {
      if (line.trim() === '') {
        if (rows.length) break;
        continue;
      }
      rows.push(line);
    }
    return [{ label: heading.replace(/:$/, ''), rows }];
  });
}

const action = (e: EventView) => (e.action && typeof e.action === 'object' ? (e.action as Record<string, unknown>) : {});

const replyOf = (events: readonly EventView[], seat: string): RefReply | null => {
  const e = events.find((x) => x.from === seat && (x.kind === 'response' || x.kind === 'input'));
  return e ? { text: e.text ?? '', valid: e.valid, flags: e.flags, callId: e.callId } : null;
};

export function episodeOf(events: readonly EventView[]): RefEpisodeView {
  const prompt = (seat: string) => events.find((e) => e.kind === 'prompt' && e.to === seat)?.text ?? '';
  const system = events.find((e) => e.kind === 'system');
  const a = system ? action(system) : {};
  const verdict = !system ? null : typeof a.abort === 'string' ? { kind: 'aborted' as const, text: a.abort } : { kind: a.correct ? ('correct' as const) : ('wrong' as const), text: system.text ?? '' };
  return {
    describerGrids: gridsIn(prompt('describer'), ['Target grid:', 'Distractor grid 1:', 'Distractor grid 2:']),
    followerGrids: gridsIn(prompt('follower'), ['First:', 'Second:', 'Third:']),
    describer: replyOf(events, 'describer'),
    follower: replyOf(events, 'follower'),
    verdict,
  };
}
