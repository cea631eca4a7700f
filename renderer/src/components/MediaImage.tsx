import { useRef } from 'react';
import { useQuery } from '../api/hooks';

/**
 * An image of the media store, shown inline (a data: URL, which the page's CSP allows); a click or
 * Enter opens it full size in a dialog (Escape or the close button closes it), with its name.
 */
export function MediaImage({ media, alt, name }: { media: string; alt: string; name?: string }) {
  const blob = useQuery('media.get', { ref: media });
  const dialog = useRef<HTMLDialogElement>(null);
  if (blob.error) return <span className="inline-error">image {media.slice(6, 14)}… missing: {blob.error}</span>;
  if (!blob.data) return <span className="meta">loading image…</span>;
  const caption = name ? name.split('/').slice(-2).join('/') : null;
  return (
    <figure className="media-figure">
      <button type="button" className="media-open" onClick={() => dialog.current?.showModal()} aria-label={`Enlarge ${alt}`} title={name ?? 'Enlarge'}>
        <img className="media" src={blob.data.dataUrl} alt={alt} data-media={media} />
      </button>
      {caption && <figcaption className="meta">{caption}</figcaption>}
      <dialog ref={dialog} className="media-dialog" aria-label={alt} onClick={(e) => e.target === dialog.current && dialog.current?.close()}>
        <img src={blob.data.dataUrl} alt={alt} />
        <p className="meta">{name ?? media}</p>
        <button type="button" onClick={() => dialog.current?.close()} autoFocus>Close</button>
      </dialog>
    </figure>
  );
}
