import { messages } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Card, LoadError, Spinner } from '../../../components/ui';
import { humanize } from '../../../lib/format';
import { AccountAccess } from '../../staff';
import { userAdminKeys } from '../api/keys';
import { getUser } from '../api/users';
import { displayName } from '../member-name';
import { UserEditor } from './user-editor';
import { UserHistory } from './user-history';

/**
 * /admin/members/{id}: one member on a page of their own, a card per part: the specification's sections (the
 * editor), then their history. Other parts of a member (payments, household, visits) are cards of their own
 * capability, placed in `children` between the two.
 */
export function MemberPage({ id, children }: { id: string; children?: ReactNode }) {
  const member = useQuery({ queryKey: userAdminKeys.member(id), queryFn: ({ signal }) => getUser(id, signal) });
  // Back to the list as it was left: its search, filters and page.
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/admin/members';
  const user = member.data;
  const name = user ? displayName(user) : 'Member';

  return (
    <>
      <PageTitle>{name}</PageTitle>
      <nav aria-label="Breadcrumb" className="member__crumbs">
        <Link to={from}>
          <span aria-hidden="true">← </span>Members
        </Link>
      </nav>
      <h1 className="console__title">{name}</h1>
      {member.isPending && <Spinner label="Loading the member…" />}
      {member.isError && <LoadError error={member.error} fallback={messages.usersLoadFailed} onRetry={() => void member.refetch()} />}
      {user && (
        <>
          <div className="member__summary">
            {name !== user.email && <span>{user.email}</span>}
            <span>Customer ID {user.customerId}</span>
            <span>{user.subscriptionStatus ? humanize(user.subscriptionStatus) : 'No subscription'}</span>
            <ul className="member__roles" aria-label="Roles">
              {user.roles.length === 0 ? (
                <li className="tag tag--muted">No roles</li>
              ) : (
                user.roles.map((role) => (
                  <li key={role} className={`tag${role === 'ROLE_ADMIN' ? ' tag--admin' : ''}`}>
                    {role.replace(/^ROLE_/, '').toLowerCase()}
                  </li>
                ))
              )}
            </ul>
          </div>
          <div className="admin__stack">
            <Card title="Details" level={2} headingId="member-details-title">
              <UserEditor key={user.id} user={user} idPrefix={`user-${user.id}`} />
              <AccountAccess user={user} idPrefix={`user-${user.id}`} />
            </Card>
            {children}
            <Card title="History" level={2} headingId="member-history-title">
              <UserHistory userId={user.id} />
            </Card>
          </div>
        </>
      )}
    </>
  );
}
