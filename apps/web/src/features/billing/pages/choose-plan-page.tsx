import { formatUsd, messages, normalizePlanId, periodLabel, type PlanId } from '@app/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, ChunkStyles, Spinner, type AlertTone } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { useAuthMe, useSession } from '../../auth';
import { PlanPicker, PlansLoadError, readSelectedPlan, storeSelectedPlan, usePlans } from '../../plans';
import { choosePlan } from '../api/choose-plan';
import choosePlanCss from './choose-plan.css?inline';

/**
 * The welcome page after confirming an account (docs/product.md, Membership), with query parameters plan,
 * firstName, lastName and email. An enrolled visitor sees the plan and goes on to sign in; anyone
 * else picks a plan first.
 */
export default function ChoosePlanPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const plans = usePlans();

  const firstName = params.get('firstName')?.trim() || session.user?.firstName?.trim() || '';
  const email = params.get('email')?.trim() || session.user?.email?.trim() || '';
  const queryPlan = normalizePlanId(params.get('plan') ?? '');
  // Signed in without a plan in the link: ask the server what the account has.
  const me = useAuthMe(session.signedIn && !queryPlan);
  const serverPlan = me.status === 'success' ? (me.data.subscriptionPlan ?? me.data.planId ?? null) : null;
  const enrolledId = queryPlan ?? serverPlan;
  const checking = session.signedIn && !queryPlan && me.status === 'pending';
  const enrolled = enrolledId ? (plans.data?.find((p) => p.id === enrolledId) ?? null) : null;
  const next = session.signedIn ? '/profile' : '/login';

  const [selected, setSelected] = useState<PlanId | ''>(() => readSelectedPlan() ?? '');
  const [pickError, setPickError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function pick(id: PlanId) {
    setSelected(id);
    setPickError(null);
    setNotice(null);
  }

  function focusPlans() {
    document.querySelector<HTMLInputElement>('input[name="choosePlan"]')?.focus();
  }

  async function selectPlan() {
    if (busy) return;
    if (!selected) {
      setPickError(messages.pickPlan);
      focusPlans();
      return;
    }
    storeSelectedPlan(selected);
    if (!email) {
      setNotice({ tone: 'success', text: messages.planNotedSignIn });
      return;
    }
    setBusy(true);
    try {
      const answer = await choosePlan({ plan: selected, email });
      setNotice({ tone: 'success', text: answer?.message || messages.planSaved });
    } catch (error) {
      setNotice({ tone: 'error', text: (error instanceof ApiError && error.serverMessage) || messages.planSaveFailed });
    } finally {
      setBusy(false);
    }
  }

  function continueOn() {
    if (!selected) {
      setPickError(messages.pickPlan);
      focusPlans();
      return;
    }
    storeSelectedPlan(selected);
    void navigate(next);
  }

  const title = firstName ? `Welcome, ${firstName}` : 'Welcome';

  return (
    <FormPage
      width="wide"
      title={title}
      intro={
        <p>
          {enrolledId
            ? 'Your account is ready. Here is the membership you chose.'
            : 'Your account is ready. Choose the membership that suits you; you can pay for it after signing in.'}
        </p>
      }
    >
      <ChunkStyles name="choose-plan" css={choosePlanCss} />
      <PageTitle>Welcome</PageTitle>
      {(checking || plans.status === 'pending') && (
        <p className="choose-plan__loading">
          <Spinner label="Loading plans…" />
        </p>
      )}
      {plans.status === 'error' && <PlansLoadError onRetry={() => void plans.refetch()} />}

      {!checking && enrolledId && plans.status !== 'pending' && (
        <div className="choose-plan stack stack--lg">
          <section className="choose-plan__enrolled" aria-labelledby="enrolled-title">
            <p className="choose-plan__eyebrow" id="enrolled-title">
              Your plan
            </p>
            <p className="choose-plan__plan-name">{enrolled?.title ?? enrolledId}</p>
            {enrolled && (
              <>
                <p className="choose-plan__price">
                  <strong>{formatUsd(enrolled.priceCents)}</strong> <span>{periodLabel(enrolled)}</span>
                </p>
                <p className="muted">{enrolled.description}</p>
              </>
            )}
          </section>
          <Button block onClick={() => navigate(next)}>
            {session.signedIn ? 'Continue to your profile' : 'Continue to Sign in'}
          </Button>
        </div>
      )}

      {!checking && !enrolledId && plans.data && (
        <div className="choose-plan stack stack--lg">
          <PlanPicker
            plans={plans.data}
            value={selected}
            onChange={pick}
            name="choosePlan"
            legend="Choose your membership plan"
            error={pickError}
          />
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <div className="choose-plan__actions">
            <Button variant="secondary" onClick={selectPlan} disabled={busy} busy={busy}>
              {busy ? 'Saving…' : 'Select Plan'}
            </Button>
            <Button onClick={continueOn} disabled={busy}>
              Continue
            </Button>
          </div>
        </div>
      )}
    </FormPage>
  );
}
