import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

interface ConfirmRequest {
  title: string;
  /** What will happen, in a sentence or two. */
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirming button says so with the error colour. */
  destructive?: boolean;
}

interface ConfirmDialogProps extends ConfirmRequest {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question in the page instead of the browser's `confirm()`: a `<dialog>` opened with `showModal()`
 * (the rest of the page inert, Escape cancels), focus on the safe choice, and back where it was once closed.
 * Where `showModal` is missing (old browsers) it opens as a plain dialog that still answers Escape.
 */
function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      // The browser's own Escape closes the dialog without React knowing: it is a cancel.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 className="confirm-dialog__title" id={titleId}>
        {title}
      </h2>
      {message && (
        <div className="confirm-dialog__message" id={messageId}>
          {message}
        </div>
      )}
      <div className="confirm-dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * The in-app stand-in for `window.confirm`: `ask()` opens the dialog and resolves true on the confirming
 * button, false on Cancel or Escape. Render `dialog` once where the component renders.
 */
export function useConfirm() {
  const [request, setRequest] = useState<(ConfirmRequest & { resolve: (answer: boolean) => void }) | null>(null);

  const ask = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setRequest({ ...next, resolve });
      }),
    [],
  );

  const answer = (value: boolean) => {
    request?.resolve(value);
    setRequest(null);
  };

  const dialog = request ? <ConfirmDialog {...request} open onConfirm={() => answer(true)} onCancel={() => answer(false)} /> : null;
  return { ask, dialog };
}
