/**
 * A request's images as its provider takes them: each image outside the provider's limits is replaced
 * by its converted copy, stored in the media table, so the stored request names the bytes that were sent.
 */
import { mediaRef, mediaSha, type ContentPart } from '../../../../shared/contract/content';
import { ProviderError } from '../../players/errors';
import type { ChatMessage } from '../../players/types';
import type { Store } from '../../store/store';
import { fitImage } from '../../media/fit';
import type { ImageLimits } from '../../players/image-limits';

// (image, provider) → what is sent, per store: converting is pure, so a process converts each image once.
const convertedBy = new WeakMap<Store, Map<string, Sent>>();

/** What goes over the wire for an image: itself, or its converted copy. */
interface Sent {
  ref: string;
  mime: string;
}

async function sendable(store: Store, ref: string, limits: ImageLimits, name: string | undefined): Promise<Sent> {
  const converted = convertedBy.get(store) ?? new Map<string, Sent>();
  convertedBy.set(store, converted);
  const key = `${ref}|${limits.provider}`;
  const known = converted.get(key);
  if (known) return known;
  const blob = store.media.get(mediaSha(ref));
  const fit = await fitImage(blob.bytes, blob.mime, limits, name ? `The image ${name}` : `The image ${ref}`);
  if (!fit.ok) throw new ProviderError('bad_request', `Not sent: ${fit.why}.`);
  const out = fit.changed ? { ref: mediaRef(store.media.put(fit.bytes, fit.mime)), mime: fit.mime } : { ref, mime: blob.mime };
  converted.set(key, out);
  return out;
}

export async function fitForProvider(store: Store, messages: ChatMessage[], limits: ImageLimits): Promise<ChatMessage[]> {
  let changed = false;
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (typeof m.content === 'string' || !m.content.some((p) => p.type === 'image')) {
      out.push(m);
      continue;
    }
    const content: ContentPart[] = [];
    for (const p of m.content) {
      const sent = p.type === 'image' ? await sendable(store, p.ref, limits, p.name) : null;
      if (p.type !== 'image' || sent === null || sent.ref === p.ref) {
        content.push(p);
        continue;
      }
      changed = true;
      content.push({ ...p, ...sent });
    }
    out.push({ ...m, content });
  }
  return changed ? out : messages;
}

/** Images (by name, stored by the run's image check) that some model's provider cannot take, each with why. */
export async function unsendableImages(store: Store, names: readonly string[], models: readonly { label: string; imageLimits?: ImageLimits }[]): Promise<string[]> {
  const problems: string[] = [];
  const limitsSeen = new Set<string>();
  for (const model of models) {
    if (!model.imageLimits || limitsSeen.has(model.imageLimits.provider)) continue;
    limitsSeen.add(model.imageLimits.provider);
    for (const name of new Set(names)) {
      const found = store.media.named(name);
      if (!found) continue;
      try {
        await sendable(store, mediaRef(found.sha), model.imageLimits, name);
      } catch (error) {
        problems.push(`${name} for ${model.label}: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
