import {
  CANCELLATION_REASON_MAX,
  messages,
  type CancellationQuote,
  type MembershipTerms,
  type MonthlyPlanId,
  type Plan,
  type PlanId,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, ChunkStyles, Spinner, TextAreaField, type AlertTone } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { PlanPicker } from '../../plans';
import {
  cancelMembership,
  cancelPlanChange,
  getCancellationQuote,
  keepMembership,
  schedulePlanChange,
  useMembershipTerms,
} from '../api/membership-terms';
import { billingKeys } from '../api/keys';
import termsCss from './membership-terms.css?inline';

const GENERIC_FAILURE = 'We could not update your membership right now. Please try again.';
const failureText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || GENERIC_FAILURE;

/**
 * An active member's own terms on the membership card: "Cancel membership" opens a confirm panel with
 * what the server computed (the charges still due and the day the membership ends) and an optional
 * reason; a recorded cancellation shows "Ends on …" with "Keep my membership". "Change plan" schedules
 * the other monthly plan from the next billing cycle, which can be dropped until then.
 */
export function MembershipTermsPanel({ plans, currentPlanId }: { plans: Plan[] | undefined; currentPlanId: MonthlyPlanId }) {
  const queryClient = useQueryClient();
  const terms = useMembershipTerms(true);
  const [mode, setMode] = useState<'idle' | 'cancel' | 'change'>('idle');
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [reason, setReason] = useState('');
  const [selection, setSelection] = useState<PlanId | ''>('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (mode !== 'idle') panelRef.current?.focus();
  }, [mode]);

  async function act<T>(action: () => Promise<T>, then: (answer: T) => void) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      then(await action());
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }
  const saved = (success: string) => (answer: MembershipTerms) => {
    queryClient.setQueryData(billingKeys.membershipTerms, answer);
    setMode('idle');
    setReason('');
    setNotice({ tone: 'success', text: success });
  };

  if (terms.status === 'pending') return <Spinner label="Loading your membership…" />;
  if (terms.status === 'error') return <Alert tone="error">{failureText(terms.error)}</Alert>;
  const { cancellation, planChange } = terms.data;
  const monthlyPlans = plans?.filter((plan) => plan.period === 'month') ?? [];

  return (
    <div className="membership-terms">
      <ChunkStyles name="membership-terms" css={termsCss} />
      {cancellation && (
        <div className="membership-terms__state membership-terms__state--ending">
          <p>
            <strong>Ends on {cancellation.endsOn}</strong>
            <span>Your membership stays active until then, and nothing renews after it.</span>
          </p>
          <Button
            variant="secondary"
            busy={busy}
            disabled={busy}
            onClick={() => void act(keepMembership, saved(messages.cancellationUndone))}
          >
            Keep my membership
          </Button>
        </div>
      )}
      {planChange && (
        <div className="membership-terms__state">
          <p>
            <strong>{planChange.summary}</strong>
            <span>Until then, your current plan and its price stay in place.</span>
          </p>
          <Button variant="ghost" disabled={busy} onClick={() => void act(cancelPlanChange, saved(messages.planChangeCancelled))}>
            Keep my current plan
          </Button>
        </div>
      )}

      {mode === 'idle' && !cancellation && (
        <div className="membership-terms__actions">
          {!planChange && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setNotice(null);
                setSelection(monthlyPlans.find((plan) => plan.id !== currentPlanId)?.id ?? '');
                setMode('change');
              }}
            >
              Change plan
            </Button>
          )}
          <Button
            variant="ghost"
            busy={busy}
            disabled={busy}
            onClick={() =>
              void act(getCancellationQuote, (answer) => {
                setQuote(answer);
                setMode('cancel');
              })
            }
          >
            Cancel membership
          </Button>
        </div>
      )}

      {mode === 'cancel' && quote && (
        <section ref={panelRef} tabIndex={-1} className="membership-terms__confirm" aria-labelledby="cancel-membership-title">
          <h3 id="cancel-membership-title">Cancel your membership?</h3>
          <p className="membership-terms__quote">{quote.summary}</p>
          <TextAreaField
            id="cancel-reason"
            label="Why are you cancelling?"
            optional
            rows={3}
            maxLength={CANCELLATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="membership-terms__actions">
            <Button
              busy={busy}
              disabled={busy}
              onClick={() => void act(() => cancelMembership({ reason }), saved(messages.cancellationRecorded))}
            >
              {busy ? 'Cancelling…' : 'Confirm cancellation'}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setMode('idle')}>
              Go back
            </Button>
          </div>
        </section>
      )}

      {mode === 'change' && (
        <section ref={panelRef} tabIndex={-1} className="membership-terms__confirm" aria-labelledby="change-plan-title">
          <h3 id="change-plan-title">Change plan</h3>
          <p>Your new plan starts with your next full billing cycle, and its price is charged from then.</p>
          <PlanPicker
            plans={monthlyPlans}
            value={selection}
            onChange={(id) => setSelection(id)}
            name="nextPlan"
            legend="Your plan from your next billing cycle"
          />
          <div className="membership-terms__actions">
            <Button
              busy={busy}
              disabled={busy || !selection}
              onClick={() => void act(() => schedulePlanChange(selection as MonthlyPlanId), saved(messages.planChangeScheduled))}
            >
              Schedule plan change
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setMode('idle')}>
              Go back
            </Button>
          </div>
        </section>
      )}

      {notice && (
        <Alert tone={notice.tone} className="membership-terms__notice">
          {notice.text}
        </Alert>
      )}
    </div>
  );
}
