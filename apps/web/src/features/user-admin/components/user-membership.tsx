import { CANCELLATION_REASON_MAX, isMonthlyPlanId, type AdminMembership, type AdminUser, type MembershipTerms } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Spinner, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { userAdminKeys } from '../api/keys';
import { cancelUserMembership, getUserMembership, keepUserMembership } from '../api/users';

/**
 * A member's membership terms for an admin: the cancellation (with who made it and why) and a way to
 * set or undo one by the member's own rules, the scheduled plan change, and every consent to
 * auto-renewal kept with a purchase.
 */
export function UserMembership({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const key = userAdminKeys.membership(user.id);
  const membership = useQuery({ queryKey: key, queryFn: ({ signal }) => getUserMembership(user.id, signal) });
  const [reason, setReason] = useState('');
  const saved = (terms: MembershipTerms) => {
    queryClient.setQueryData<AdminMembership>(key, (before) => before && { ...before, terms });
    setReason('');
  };
  const cancel = useMutation({ mutationFn: () => cancelUserMembership(user.id, reason), onSuccess: saved });
  const keep = useMutation({ mutationFn: () => keepUserMembership(user.id), onSuccess: saved });
  const failed = cancel.error ?? keep.error;

  if (membership.isPending) return <Spinner label="Loading membership terms…" />;
  if (membership.isError) return <Alert tone="error">{failureMessage(membership.error, 'Failed to load the membership terms.')}</Alert>;
  const { terms, consents } = membership.data;
  const cancellable = user.subscriptionStatus === 'active' && isMonthlyPlanId(user.subscriptionPlan) && !terms.cancellation;

  return (
    <section className="history" aria-label="Membership terms">
      <h4 className="user-editor__heading">Membership terms</h4>
      <ul className="history__list">
        {terms.cancellation && (
          <li className="history__entry">
            <p className="history__line">
              <strong>Ends on {terms.cancellation.endsOn}</strong> · cancelled {terms.cancellation.method ?? ''}
              {terms.cancellation.cancelledAt && ` on ${formatCentral(new Date(terms.cancellation.cancelledAt))}`}
            </p>
            {terms.cancellation.reason && <p className="history__reason">Reason: {terms.cancellation.reason}</p>}
          </li>
        )}
        {terms.planChange && (
          <li className="history__entry">
            <p className="history__line">Scheduled plan change: {terms.planChange.summary}</p>
          </li>
        )}
        {!terms.cancellation && !terms.planChange && (
          <li className="history__entry">
            <p className="muted">No cancellation or plan change scheduled.</p>
          </li>
        )}
      </ul>
      {cancellable && (
        <div className="user-editor__reason">
          <TextAreaField
            id={`cancel-reason-${user.id}`}
            label="Reason for cancelling"
            rows={2}
            maxLength={CANCELLATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      <div className="user-editor__actions">
        {cancellable && (
          <Button variant="secondary" size="sm" busy={cancel.isPending} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel membership
          </Button>
        )}
        {terms.cancellation && (
          <Button variant="secondary" size="sm" busy={keep.isPending} disabled={keep.isPending} onClick={() => keep.mutate()}>
            Undo cancellation
          </Button>
        )}
      </div>
      {failed && <Alert tone="error">{failureMessage(failed, 'Failed to change the membership.')}</Alert>}

      <h4 className="user-editor__heading">Consents to auto-renewal</h4>
      {consents.length === 0 ? (
        <p className="muted">No consent recorded.</p>
      ) : (
        <ol className="history__list">
          {consents.map((consent) => (
            <li key={consent.paymentId} className="history__entry">
              <p className="history__line">
                <time dateTime={consent.agreedAt}>{formatCentral(new Date(consent.agreedAt))}</time> · version {consent.version} · from{' '}
                {consent.ip}
              </p>
              <p className="history__reason">“{consent.text}”</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
