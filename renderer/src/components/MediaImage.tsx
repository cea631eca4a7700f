import { useQuery } from '../api/hooks';

/** An image of the media store, shown inline (a data: URL, which the page's CSP allows). */
export function MediaImage({ media, alt }: { media: string; alt: string }) {
  const blob = useQuery('media.get', { ref: media });
  if (blob.error) return <span className="inline-error">image {media.slice(6, 14)}… missing: {blob.error}</span>;
  if (!blob.data) return <span className="meta">loading image…</span>;
  return <img className="media" src={blob.data.dataUrl} alt={alt} data-media={media} />;
}
