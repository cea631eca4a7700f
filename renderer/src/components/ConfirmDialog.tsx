import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An in-page modal question (window.confirm blocks the page and cannot be styled or tested):
 * focus starts on the safe choice; Escape or the cancel button keeps things as they were.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    cancel.current?.focus();
    return () => node?.close();
  }, []);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId} onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="actions">
        <button ref={cancel} type="button" onClick={onCancel}>{cancelLabel}</button>
        <button type="button" className="danger" onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </dialog>
  );
}

/** "Give up" on a game in play: asks first, since a given-up game cannot be continued. */
export function GiveUpButton({ disabled, onGiveUp }: { disabled: boolean; onGiveUp: () => void }) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  return (
    <>
      <button ref={opener} type="button" disabled={disabled} onClick={() => setAsking(true)}>Give up</button>
      {asking && (
        <ConfirmDialog
          title="Give up this game?"
          confirmLabel="Give up"
          cancelLabel="Keep playing"
          onCancel={close}
          onConfirm={() => {
            setAsking(false);
            onGiveUp();
          }}
        >
          <p>The game ends now and is kept as given up, outside every score. You cannot continue it later.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
