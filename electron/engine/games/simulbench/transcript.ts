/** A SimulBench episode as lines of text (the CLI's `show`): the answers, then each judgment. */
import { actionOf, type EventRecord } from '../../core/events';
import { answeredPrompts } from '../../core/seat-view';

const indent = (text: string) => text.split('\n').map((l) => `    ${l}`);

export function simulTextTranscript(events: readonly EventRecord[]): string[] {
  const lines: string[] = [];
  // Of the script a tested model is sent (a system line, the dialogue so far), the query it answered.
  const answered = answeredPrompts(events);
  for (const e of events) {
    const a = actionOf(e);
    if (e.kind === 'prompt' && !answered.has(e.idx)) continue;
    if (e.kind === 'prompt' && e.to !== 'judge') lines.push(`user query → ${e.to}:`, ...indent(e.text ?? ''));
    else if (e.kind === 'response' && e.from !== 'judge') lines.push(`${e.from} answered:`, ...indent(String(a.answer ?? e.text ?? '')));
    else if (e.kind === 'response' && e.from === 'judge') {
      const head = typeof a.rating === 'number' ? `judge rated [[${a.rating}]]` : typeof a.verdict === 'string' ? `judge (order ${String(a.order)}) said [[${a.verdict}]]` : 'judge (unreadable)';
      lines.push(`${head}:`, ...indent(e.text ?? ''));
    } else if (e.kind === 'reprompt') lines.push(`GM → ${e.to}: ${e.text ?? ''}`);
    else if (e.kind === 'system') lines.push(`GM: ${e.text ?? ''}`);
  }
  return lines;
}
