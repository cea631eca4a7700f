/** The episode as lines of text (the CLI's `show`); a prompt's images are listed by name. */
import { actionOf, type EventRecord } from '../../core/events';

const indent = (text: string) => text.split('\n').map((l) => `    ${l}`);

export function refTextTranscript(events: readonly EventRecord[]): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (e.kind === 'prompt') lines.push(`GM → ${e.to ?? '?'}:`, ...indent(e.text ?? ''), ...(e.parts ?? []).flatMap((p) => (p.type === 'image' ? indent(`[image ${p.name ?? p.ref}]`) : [])));
    else if (e.kind === 'response' || e.kind === 'input') lines.push(`${e.from ?? '?'}${e.valid === false ? ' (refused)' : ''}${e.flags.length ? ` [${e.flags.join(', ')}]` : ''}:`, ...indent(e.text ?? ''));
    else if (e.kind === 'system') lines.push(actionOf(e).abort ? `ABORTED: ${String(actionOf(e).abort)}` : `GM: ${e.text ?? ''}`);
  }
  return lines;
}
