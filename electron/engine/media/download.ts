/** Fetching a named image by URL, when the user allows downloads and a network answers. */
import { sniffImage, type ImageMime } from './sniff';

/** No resource image of a benchmark is this large; a bigger answer is not the image. */
const MAX_BYTES = 50 * 1024 * 1024;

export type Downloaded = { ok: true; bytes: Uint8Array; mime: ImageMime } | { ok: false; why: string };

export async function downloadImage(url: string, timeoutMs = 30_000): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const why = cause ?? ((error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : (error as Error).message);
    return { ok: false, why: `download failed (${why})` };
  }
  if (!response.ok) return { ok: false, why: `download failed (HTTP ${response.status})` };
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) return { ok: false, why: `download refused (${length} bytes is not an image)` };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const mime = sniffImage(bytes);
  if (!mime) return { ok: false, why: `download is not an image (${response.headers.get('content-type') ?? 'no content type'})` };
  return { ok: true, bytes, mime };
}
