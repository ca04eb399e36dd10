import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChunkStyles } from '../ui';
import { PageTitle } from './page-title';
import css from './admin-subpage.css?inline';

/**
 * A page of the admin console beside the dashboard (enquiries, audit log, settings): its title, the
 * way back to the dashboard, and the dense tables and filters such pages share.
 */
export function AdminSubpage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-subpage">
      <ChunkStyles name="admin-subpage" css={css} />
      <PageTitle>{title}</PageTitle>
      <nav aria-label="Breadcrumb" className="admin-subpage__crumbs">
        <Link to="/admin">Admin dashboard</Link>
      </nav>
      <header className="admin-subpage__header">
        <h1>{title}</h1>
        {intro && <p className="admin-subpage__intro">{intro}</p>}
      </header>
      {children}
    </div>
  );
}
