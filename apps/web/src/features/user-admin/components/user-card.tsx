import type { AdminUser } from '@app/shared';
import { DetailsToggle, useDetails } from '../../../components/ui';
import { formatDollars, humanize } from '../../../lib/format';
import { UserEditor } from './user-editor';

/** The snippet (docs/product.md, Admin dashboard): status, plan and amount, leaving out what the user does not have. */
function subscriptionSnippet(user: AdminUser): string {
  const parts = [
    user.subscriptionStatus ? humanize(user.subscriptionStatus) : null,
    user.subscriptionPlan ? humanize(user.subscriptionPlan) : null,
    user.subscriptionAmount === null ? null : formatDollars(user.subscriptionAmount),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No subscription';
}

/** docs/product.md, Admin dashboard: first and last name, else the full name, else the e-mail. */
function displayName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'fullName' | 'email'>): string {
  return (
    [user.firstName, user.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') ||
    user.fullName.trim() ||
    user.email
  );
}

const roleLabel = (role: string) => role.replace(/^ROLE_/, '').toLowerCase();

/** One user of the list: a summary line that opens onto the editable details (docs/product.md, Admin dashboard). */
export function UserCard({ user, serial }: { user: AdminUser; serial: number }) {
  // Element ids from the user's id: unique on the page and safe in a CSS selector.
  const id = `user-${user.id}`;
  const { expanded, opened, toggle } = useDetails();
  const name = displayName(user);

  return (
    <article className={`user-card${expanded ? ' user-card--open' : ''}`} aria-labelledby={`${id}-name`}>
      <div className="user-card__summary">
        <span className="user-card__serial" aria-label={`User ${serial}`}>
          {serial}
        </span>
        <div className="user-card__who">
          <h3 className="user-card__name" id={`${id}-name`}>
            {name}
          </h3>
          {name !== user.email && <p className="user-card__email">{user.email}</p>}
          <p className="user-card__snippet">{subscriptionSnippet(user)}</p>
        </div>
        <ul className="user-card__roles" aria-label="Roles">
          {user.roles.length === 0 ? (
            <li className="tag tag--muted">No roles</li>
          ) : (
            user.roles.map((role) => (
              <li key={role} className={`tag${role === 'ROLE_ADMIN' ? ' tag--admin' : ''}`}>
                {roleLabel(role)}
              </li>
            ))
          )}
        </ul>
        <DetailsToggle className="user-card__toggle" expanded={expanded} controls={`${id}-details`} onToggle={toggle} />
      </div>
      <div id={`${id}-details`} className="user-card__details" hidden={!expanded}>
        {opened && <UserEditor user={user} idPrefix={id} />}
      </div>
    </article>
  );
}
