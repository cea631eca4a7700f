/**
 * An episode with its images, as one zip: `episode.json` (the transcript as the app shows it, images as
 * media references, with per-reply tokens and time, previous/next, and for a person's game whether it
 * was hinted and the hints), `transcript.md` (readable, each image linked in place, a person's replies
 * marked typed by them, hints at their round), `images/` (every image any player saw or was sent,
 * once, named after the file the game's data names) and `images.csv` (reference → file → name), so
 * an episode can be read, cited or re-checked away from Parlor.
 */
import { zipSync } from 'fflate';
import type { ExportFile, HintView } from '../../../shared/api/contract';
import { mediaSha, MEDIA_REF } from '../../../shared/contract/content';
import { openTranscript } from './transcripts';
import type { Store } from '../store/store';
import { toCsv } from '../io/csv';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/bmp': 'bmp' };

export function episodeBundle(store: Store, episodeId: number): ExportFile {
  const view = openTranscript(store, episodeId);
  const files: Record<string, Uint8Array> = {};
  const imageFile = new Map<string, string>();
  const rows: { ref: string; file: string; name: string; mime: string; bytes: number }[] = [];
  const fileFor = (ref: string, name: string | undefined): string => {
    const known = imageFile.get(ref);
    if (known) return known;
    const blob = store.media.get(mediaSha(ref));
    const base = (name?.split(/[\\/]/).at(-1) ?? 'image').replace(/\.[a-z0-9]+$/i, '').replace(/[^\w.-]+/g, '_').slice(0, 60);
    const file = `images/${String(imageFile.size + 1).padStart(3, '0')}-${base}.${EXTENSION[blob.mime] ?? 'bin'}`;
    files[file] = new Uint8Array(blob.bytes);
    imageFile.set(ref, file);
    rows.push({ ref, file, name: name ?? '', mime: blob.mime, bytes: blob.bytes.byteLength });
    return file;
  };
  const lines = [
    `# Episode ${view.episode.id}: ${view.episode.instance}`,
    '',
    `${view.episode.game} · run ${view.episode.runId} · repetition ${view.episode.repetition} · ${view.episode.outcome ?? view.episode.status}${view.hinted ? ' · hinted (the person asked a hint model for help)' : ''}`,
    '',
  ];
  // A hint goes before the person's reply in the round it was asked.
  let hints = view.hints ?? [];
  const hintLine = (h: HintView) => `*hint asked in round ${h.round} (${h.model}):* ${h.text}`;
  for (const e of view.events) {
    if (e.typedBy) {
      for (const h of hints.filter((h) => h.round === e.round)) lines.push(hintLine(h), '');
      hints = hints.filter((h) => h.round !== e.round);
    }
    lines.push(`**round ${e.round} · ${e.kind} · ${e.from ?? 'game'}${e.to ? ` → ${e.to}` : ''}${e.typedBy ? ` · typed by ${e.typedBy}` : ''}**`, '');
    if (e.text) lines.push(...e.text.split('\n').map((l) => `> ${l}`), '');
    for (const p of e.parts ?? []) if (p.type === 'image') lines.push(`![${p.name ?? p.ref}](${fileFor(p.ref, p.name)})`, '');
  }
  for (const h of hints) lines.push(hintLine(h), '');
  // Images that were sent but not shown in an event (converted for a provider) are in the calls.
  for (const e of view.events) {
    if (e.callId === null) continue;
    const request = JSON.stringify(store.models.call(e.callId).request);
    for (const match of request.matchAll(new RegExp(MEDIA_REF.source.slice(1, -1), 'g'))) fileFor(match[0], undefined);
  }
  files['episode.json'] = new TextEncoder().encode(JSON.stringify(view, null, 2));
  files['transcript.md'] = new TextEncoder().encode(`${lines.join('\n')}\n`);
  files['images.csv'] = new TextEncoder().encode(toCsv(rows));
  // A fixed local timestamp (zip stores local time): the same episode gives the same bytes in any time zone.
  // Images are stored as they are (PNG and JPEG do not compress further); the text is deflated.
  const mtime = new Date(2000, 0, 1);
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`episode-${episodeId}/${k}`, [v, { mtime, level: k.startsWith('images/') ? 0 : 6 }]])));
  return { filename: `episode-${episodeId}.zip`, mime: 'application/zip', content: Buffer.from(zip).toString('base64'), encoding: 'base64' };
}
