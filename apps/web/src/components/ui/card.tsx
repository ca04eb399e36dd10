import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title. */
  level?: 2 | 3;
  actions?: ReactNode;
  headingId?: string;
}

export function Card({ title, level = 2, actions, headingId, className, children, ...rest }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-labelledby={title ? headingId : undefined} {...rest}>
      {(title || actions) && (
        <div className="card__header">
          {title && (
            <Heading className="card__title" id={headingId}>
              {title}
            </Heading>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
