import type { ReactNode } from 'react';
import { ChunkStyles } from '../ui';
import { PageTitle } from './page-title';
import css from './console-section.css?inline';

/**
 * A section of the operator's console, inside its frame (app/admin): its document title, its one h1, a line
 * saying what it holds, and the dense tables and filters the sections share.
 */
export function ConsoleSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <>
      <ChunkStyles name="console-section" css={css} />
      <PageTitle>{title}</PageTitle>
      <header className="console-section__header">
        <h1 className="console__title">{title}</h1>
        {intro && <p className="console-section__intro">{intro}</p>}
      </header>
      <div className="admin__stack">{children}</div>
    </>
  );
}
