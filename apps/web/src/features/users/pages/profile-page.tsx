import { messages, readVerification } from '@app/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, ChunkStyles, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { brand } from '../../../lib/brand';
import { clearJustLoggedIn, logout, peekJustLoggedIn, updateStoredUser, useEndSession, useMe, useSession } from '../../auth';
import { DeleteAccountCard } from '../../account-deletion';
import { MembershipCard } from '../../billing';
import { DataExportCard } from '../../data-export';
import { HealthHistoryCard } from '../../health-history';
import { FamilyCard } from '../../household';
import { GetCareCard } from '../../visits';
import { DetailsCard } from '../components/details-card';
import { EmailCard } from '../components/email-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordCard } from '../components/password-card';
import { SessionsCard } from '../components/sessions-card';
import { cacheProfile } from '../profile-cache';
import profileCss from './profile.css?inline';

/** 'Hello, {firstName}', else a name from the e-mail (part before @, capitalised), else 'there'. */
export function greetingName(profile: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const first = profile?.firstName?.trim();
  if (first) return first;
  const local = profile?.email?.split('@')[0]?.trim();
  if (local) return local.charAt(0).toUpperCase() + local.slice(1);
  return 'there';
}

export function initials(profile: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined) {
  const letters = [profile?.firstName, profile?.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  if (letters) return letters.toUpperCase();
  return (profile?.email?.trim().charAt(0) ?? '?').toUpperCase();
}

export default function ProfilePage() {
  const navigate = useNavigate();
  const session = useSession();
  const me = useMe();
  const [justLoggedIn] = useState(() => peekJustLoggedIn());
  const profile = me.status === 'success' ? me.data : null;

  useEffect(() => {
    clearJustLoggedIn();
  }, []);

  useEffect(() => {
    if (!profile) return;
    cacheProfile(profile);
    const verified = readVerification(profile as unknown as Record<string, unknown>);
    updateStoredUser({
      firstName: profile.firstName,
      lastName: profile.lastName,
      // Only ever marks verified: a false here would make the route guard send the user away from the
      // very page that explains what to do.
      ...(verified === true ? { verified: true, emailVerificationStat: 'verified' } : {}),
      planId: profile.planId ?? profile.subscriptionPlan,
      subscriptionPlan: profile.subscriptionPlan ?? profile.planId,
      // The server's word on the roles: an admin whose session was stored without them goes on to the dashboard.
      roles: profile.roles,
    });
  }, [profile]);

  const unauthorized = me.status === 'error' && me.error instanceof ApiError && me.error.status === 401;
  const endSession = useEndSession();
  useEffect(() => {
    if (unauthorized) endSession();
  }, [unauthorized, endSession]);

  async function signOut() {
    await logout();
    void navigate('/login', { replace: true });
  }

  const person = profile ?? session.user;
  const verified = profile ? readVerification(profile as unknown as Record<string, unknown>) : null;

  return (
    <div className="profile">
      <ChunkStyles name="profile" css={profileCss} />
      <PageTitle>My profile</PageTitle>
      <div className="profile__mobile-brand">{brand.name}</div>
      <header className="profile__header">
        <span className="profile__avatar" aria-hidden="true">
          {initials(person)}
        </span>
        <div className="profile__hello">
          <h1>Hello, {greetingName(person)}</h1>
          <p className="muted">Manage your account, membership and password.</p>
        </div>
        <Button variant="secondary" size="sm" className="profile__signout" onClick={signOut}>
          Sign Out
        </Button>
      </header>

      {me.status === 'pending' && (
        <div className="profile__loading">
          <Spinner label="Loading your profile…" />
        </div>
      )}

      {me.status === 'error' && !unauthorized && (
        <Alert tone="error">
          <p>{messages.profileLoadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

      {profile && (
        <div className="profile__grid">
          {verified === false && !justLoggedIn && (
            <Alert tone="warning" className="profile__banner">
              {messages.profileUnverified}
            </Alert>
          )}
          <GetCareCard profile={profile} />
          <MembershipCard profile={profile} />
          <HealthHistoryCard />
          <FamilyCard lastName={profile.lastName ?? ''} />
          <DetailsCard profile={profile} />
          <EmailCard email={profile.email} />
          <NotificationsCard />
          <PasswordCard />
          <SessionsCard />
          <DataExportCard />
          <DeleteAccountCard />
        </div>
      )}
    </div>
  );
}
