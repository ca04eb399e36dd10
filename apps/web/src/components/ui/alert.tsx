import type { ReactNode, Ref } from 'react';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

const icons: Record<AlertTone, string> = { error: '!', warning: '!', success: '✓', info: 'i' };

export interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
  /** Errors and warnings are alerts; success and info are polite status messages. */
  role?: 'alert' | 'status' | 'none';
  /**
   * Gives the notice a 'Dismiss' button. A notice never hides by itself: a person who looked away,
   * or reads slowly, or with a screen reader, must still find it (decision 060).
   */
  onDismiss?: () => void;
}

export function Alert({ tone, title, children, className, id, ref, role, onDismiss }: AlertProps) {
  const ariaRole = role ?? (tone === 'error' || tone === 'warning' ? 'alert' : 'status');
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      role={ariaRole === 'none' ? undefined : ariaRole}
    >
      <span className="alert__icon" aria-hidden="true">
        {icons[tone]}
      </span>
      <div className="alert__body">
        {title && <strong className="alert__title">{title}</strong>}
        {children}
      </div>
      {onDismiss && (
        <button type="button" className="alert__dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span> Dismiss
        </button>
      )}
    </div>
  );
}
