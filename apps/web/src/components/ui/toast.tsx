import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, type AlertTone } from './alert';

type ToastTone = Extract<AlertTone, 'success' | 'error' | 'info'>;

interface ToastOptions {
  tone?: ToastTone;
  /** A bold first line, before the message. */
  title?: string;
}

interface Toast {
  id: number;
  tone: ToastTone;
  title?: string;
  message: string;
}

type ShowToast = (message: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** At most this many toasts show; a newer one pushes the oldest out. */
const MAX_TOASTS = 3;

/**
 * The outcome of an action as a toast ("Expense saved") instead of the browser's `alert()`. A toast stays until
 * its 'Dismiss' is pressed or newer ones push it out, never on a timer (the notices' rule). Results are
 * announced politely, failures at once.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((message, { tone = 'success', title } = {}) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, tone, title, message }].slice(-MAX_TOASTS));
  }, []);
  const dismiss = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext value={value}>
      {children}
      {/*
        Two live regions that exist before any toast does, so screen readers announce what is added: polite for
        results, assertive for failures. Neither takes the alert role, which belongs to each page's own errors.
      */}
      <div className="toasts" aria-label="Results" role="region">
        <ToastList toasts={toasts.filter((t) => t.tone !== 'error')} live="polite" onDismiss={dismiss} />
        <ToastList toasts={toasts.filter((t) => t.tone === 'error')} live="assertive" onDismiss={dismiss} />
      </div>
    </ToastContext>
  );
}

function ToastList({ toasts, live, onDismiss }: { toasts: Toast[]; live: 'polite' | 'assertive'; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts__list" aria-live={live}>
      {toasts.map((toast) => (
        <Alert key={toast.id} tone={toast.tone} title={toast.title} role="none" className="toast" onDismiss={() => onDismiss(toast.id)}>
          {toast.message}
        </Alert>
      ))}
    </div>
  );
}

/** Shows a toast; the nearest ToastProvider draws it. */
export function useToast(): ShowToast {
  const show = use(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
