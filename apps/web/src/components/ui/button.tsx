import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
  /** Shows a spinner next to the text; the caller changes the text and disables the button. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

export const buttonClass = (variant: ButtonVariant = 'primary', size: 'md' | 'sm' = 'md', block = false, extra?: string) =>
  ['btn', `btn--${variant}`, size === 'sm' && 'btn--sm', block && 'btn--block', extra].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, block, className)} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
