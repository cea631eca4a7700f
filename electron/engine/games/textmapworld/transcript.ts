/** The MapWorld episode as lines of text (`parlor show`). */
import { actionOf, type EventRecord } from '../../core/events';
import type { TurnNote } from './session';
import { EXPLORER } from './master';

/** `where` adds what the reader should know of a decision (the multimodal games: the room's category and image). */
export function mapTextTranscript(events: readonly EventRecord[], where: (action: Record<string, unknown>) => string = () => ''): string[] {
  const lines: string[] = [];
  for (const e of events) {
    const a = actionOf(e);
    if (e.from === EXPLORER) {
      lines.push(`${String(e.round).padStart(2)}. ${JSON.stringify(e.text ?? '')}${e.valid ? '' : '   [invalid]'}`);
    } else if (e.kind === 'system' && typeof a.abort === 'string') {
      lines.push(`    ABORTED: ${a.abort}`);
    } else if (e.kind === 'system') {
      const note = a as unknown as TurnNote;
      const move = note.log ? `   [moved ${note.log.old ?? 'None'} → ${note.log.new}]` : '';
      lines.push(`${note.type === 'stop' ? '    DONE' : `    ${note.answer ?? ''}`}${move}${where(a)}`);
    }
  }
  return lines;
}
