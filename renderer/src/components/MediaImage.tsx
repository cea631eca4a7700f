import { useEffect, useRef, useState } from 'react';
import { useQuery } from '../api/hooks';

/**
 * An image of the media store, shown inline (a data: URL, which the page's CSP allows); a click or
 * Enter opens it full size in a dialog (Escape, the close button or a click outside closes it, and
 * focus returns to the image), with its name. The dialog exists only while open.
 */
export function MediaImage({ media, alt, name }: { media: string; alt: string; name?: string }) {
  const blob = useQuery('media.get', { ref: media });
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (blob.error) return <span className="inline-error">image {media.slice(6, 14)}… missing: {blob.error}</span>;
  if (!blob.data) return <span className="meta">loading image…</span>;
  const caption = name ? name.split('/').slice(-2).join('/') : null;
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <figure className="media-figure">
      <button ref={opener} type="button" className="media-open" onClick={() => setOpen(true)} aria-label={`Enlarge ${alt}`} title={name ?? 'Enlarge'}>
        <img className="media" src={blob.data.dataUrl} alt={alt} data-media={media} />
      </button>
      {caption && <figcaption className="meta">{caption}</figcaption>}
      {open && <Enlarged src={blob.data.dataUrl} alt={alt} label={name ?? media} onClose={close} />}
    </figure>
  );
}

function Enlarged({ src, alt, label, onClose }: { src: string; alt: string; label: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    closeButton.current?.focus();
  }, []);
  return (
    // A click on the backdrop lands on the dialog itself, not on its content.
    <dialog ref={dialog} className="media-dialog" aria-label={alt} onClose={onClose} onClick={(e) => e.target === dialog.current && dialog.current?.close()}>
      <img src={src} alt={alt} />
      <p className="meta">{label}</p>
      <button ref={closeButton} type="button" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
