/** Fetching a named image by URL, when the user allows downloads and a network answers. */
import { sniffImage, type ImageMime } from '../../media/sniff';

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
  // Counted as it arrives: a server that sends no length, or a false one, is cut off at the cap.
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (!reader) return { ok: false, why: 'download failed (no body)' };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > MAX_BYTES) {
        await reader.cancel();
        return { ok: false, why: `download refused (more than ${MAX_BYTES} bytes is not an image)` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, why: `download failed while reading (${(error as Error).message})` };
  }
  const bytes = new Uint8Array(Buffer.concat(chunks));
  const mime = sniffImage(bytes);
  if (!mime) return { ok: false, why: `download is not an image (${response.headers.get('content-type') ?? 'no content type'})` };
  return { ok: true, bytes, mime };
}
