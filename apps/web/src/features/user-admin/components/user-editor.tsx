import { messages, PLAN_IDS, SUBSCRIPTION_STATUSES, type AdminUser, type AdminUserPage, type AdminUserUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  AmountField,
  Button,
  Checkbox,
  Facts,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useToast,
} from '../../../components/ui';
import { authFailureOf, failureMessage } from '../../../lib/api-failure';
import { formatTimestamp, humanize } from '../../../lib/format';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { analyticsKeys } from '../../analytics';
import { UserPayments } from '../../billing';
import { userAdminKeys } from '../api/keys';
import { sendUserResetEmail, updateUser } from '../api/users';
import {
  cachedCheck,
  changedFields,
  needsReason,
  toFormValues,
  USER_FORM_FIELDS,
  type UserFormField,
  type UserFormValues,
} from '../user-form';
import { UserMembership } from './user-membership';

const statusOptions = [{ value: '', label: 'None' }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: humanize(s) }))];
const planOptions = [{ value: '', label: 'None' }, ...PLAN_IDS.map((p) => ({ value: p, label: humanize(p) }))];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="user-editor__section">
      <h3 className="user-editor__heading">{title}</h3>
      {children}
    </section>
  );
}

/** A member's details: their fields by section, editable ones as controls, with Save, Reset Changes and Send Reset Email. */
export function UserEditor({ user, idPrefix }: { user: AdminUser; idPrefix: string }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = toFormValues(user);
  const fieldId = (name: UserFormField) => `${idPrefix}-${name}`;
  const form = useValidatedForm<UserFormValues>({
    initialValues: loaded,
    fieldOrder: USER_FORM_FIELDS,
    validateField: (name, values) => {
      const check = cachedCheck(user, values);
      return check.ok ? null : (check.errors[name] ?? null);
    },
    formRef,
    fieldId,
  });
  const { values } = form;
  const changed = changedFields(values, loaded);
  const dirty = changed.length > 0;
  const reasonNeeded = needsReason(changed);
  const check = cachedCheck(user, values);

  const save = useMutation({
    mutationFn: (body: AdminUserUpdate) => updateUser(user.id, body),
    onSuccess: (saved) => {
      // docs/product.md, Admin dashboard: the details show the server's answer and are clean again.
      queryClient.setQueryData(userAdminKeys.member(saved.id), saved);
      queryClient.setQueriesData<AdminUserPage>({ queryKey: userAdminKeys.lists }, (page) =>
        page ? { ...page, content: page.content.map((u) => (u.id === saved.id ? saved : u)) } : page,
      );
      form.reset(toFormValues(saved));
      // The counts, the order, the history and the analytics may all have moved with this change.
      void queryClient.invalidateQueries({ queryKey: userAdminKeys.all });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
    onError: (error) => form.setServerErrors(serverFieldErrors(error, USER_FORM_FIELDS)),
  });

  const confirm = useConfirm();
  const toast = useToast();
  const resetEmail = useMutation({
    mutationFn: () => sendUserResetEmail(user.id),
    onSuccess: () => toast(messages.passwordResetSentTo(user.email), { title: messages.passwordResetInitiated }),
    onError: (error) => {
      if (!authFailureOf(error)) toast(messages.passwordResetFailed, { tone: 'error' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    if (!form.validateAll().ok || !check.ok) return;
    save.mutate(check.body);
  }

  function resetChanges() {
    form.reset(loaded);
    save.reset();
  }

  const invalidOther = dirty && !check.ok ? check.other : null;
  const text = form.textFieldProps;
  const card = user.cardDetails;

  return (
    <form ref={formRef} className="user-editor" onSubmit={submit} noValidate aria-label={`Details of ${user.email}`}>
      <div className="user-editor__sections">
        <Section title="Identity & Verification">
          <Facts
            items={[
              ['User ID', user.id],
              ['Customer ID', user.customerId],
            ]}
          />
          <div className="user-editor__grid">
            <TextField
              {...text('email')}
              label="Email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              fieldClassName="user-editor__wide"
            />
            <TextField {...text('firstName')} label="First name" autoComplete="off" />
            <TextField {...text('lastName')} label="Last name" autoComplete="off" />
            <TextField
              {...text('roles')}
              label="Roles"
              hint="Comma-separated: ROLE_USER, ROLE_ADMIN"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField {...text('dob')} label="Date of birth" type="date" />
          </div>
          <TextAreaField {...text('symptoms')} label="Symptoms" rows={3} />
          <div className="user-editor__checks">
            <Checkbox
              id={fieldId('verified')}
              label="Email verified"
              checked={values.verified}
              onChange={(e) => form.setField('verified', e.target.checked)}
            />
            <Checkbox
              id={fieldId('smsPolicyAccepted')}
              label="SMS policy accepted"
              checked={values.smsPolicyAccepted}
              onChange={(e) => form.setField('smsPolicyAccepted', e.target.checked)}
            />
          </div>
        </Section>

        <Section title="Contact">
          <div className="user-editor__grid">
            <TextField {...text('customerPhone')} label="Phone" type="tel" autoComplete="off" />
            <TextField {...text('zip')} label="ZIP code" autoComplete="off" />
            <TextField {...text('customerState')} label="State" autoComplete="off" />
            <TextField {...text('customerCountry')} label="Country" autoComplete="off" />
          </div>
          <fieldset className="user-editor__group">
            <legend>Billing address</legend>
            <div className="user-editor__grid">
              <TextField {...text('billingStreet')} label="Street" autoComplete="off" fieldClassName="user-editor__wide" />
              <TextField {...text('billingCity')} label="City" autoComplete="off" />
              <TextField {...text('billingState')} label="State" autoComplete="off" />
              <TextField {...text('billingZip')} label="ZIP code" autoComplete="off" />
              <TextField {...text('billingCountry')} label="Country" autoComplete="off" />
            </div>
          </fieldset>
          <Facts items={[['Sign-up IP address', user.customerIp]]} />
        </Section>

        <Section title="Subscription">
          <div className="user-editor__grid">
            <SelectField
              id={fieldId('subscriptionStatus')}
              label="Status"
              options={statusOptions}
              value={values.subscriptionStatus}
              error={form.visibleError('subscriptionStatus')}
              onChange={(e) => form.setField('subscriptionStatus', e.target.value)}
            />
            <SelectField
              id={fieldId('subscriptionPlan')}
              label="Plan"
              options={planOptions}
              value={values.subscriptionPlan}
              error={form.visibleError('subscriptionPlan')}
              onChange={(e) => form.setField('subscriptionPlan', e.target.value)}
            />
            <AmountField
              {...text('subscriptionAmount')}
              label="Amount (USD)"
              onTwoDecimals={(amount) => form.setField('subscriptionAmount', amount)}
            />
            <TextField {...text('methodOfSubscription')} label="Method of subscribing" autoComplete="off" />
            <TextField {...text('subscriptionMethodOfCancelling')} label="Method of cancelling" autoComplete="off" />
          </div>
        </Section>

        <Section title="Payment & Card">
          <Facts
            empty="No card on file."
            items={
              card
                ? [
                    ['Cardholder', card.cardholderName],
                    ['Brand', card.brand],
                    ['Card number', `•••• ${card.last4}`],
                    ['Expiry', card.expiry],
                  ]
                : [
                    ['Cardholder', user.cardName],
                    ['Card number', user.lastFourDigitsOfCard ? `•••• ${user.lastFourDigitsOfCard}` : null],
                    ['Expiry', user.cardExpiry],
                  ]
            }
          />
        </Section>

        <Section title="Timeline">
          <Facts
            empty="No dates recorded yet."
            items={[
              ['Submitted', formatTimestamp(user.submittedAt)],
              ['Submitted (customer’s local time)', [user.submittedDate, user.submittedLocalTime].filter(Boolean).join(' ')],
              ['Subscription started', formatTimestamp(user.subscriptionStartDate)],
              ['Next renewal', formatTimestamp(user.nextSubscriptionRenewDate)],
              ['Subscription ends', formatTimestamp(user.subscriptionEndDate)],
              ['Cancelled', formatTimestamp(user.subscriptionCancelledDate)],
            ]}
          />
        </Section>
      </div>

      {reasonNeeded && (
        <TextField
          {...text('reason')}
          label="Reason for this change"
          hint="Roles, subscription and amount changes are recorded with a reason."
          required
          maxLength={500}
          fieldClassName="user-editor__reason"
        />
      )}
      {save.isError && <Alert tone="error">{failureMessage(save.error, messages.userSaveFailed)}</Alert>}
      {invalidOther && <Alert tone="warning">{invalidOther}</Alert>}

      <div className="user-editor__actions">
        <Button
          variant="secondary"
          size="sm"
          busy={resetEmail.isPending}
          // Not disabled while sending: a disabled button loses the focus the dialog gave back to it.
          aria-disabled={resetEmail.isPending}
          onClick={async () => {
            if (resetEmail.isPending) return;
            const send = await confirm.ask({
              title: messages.confirmPasswordReset,
              message: messages.passwordResetExplained(user.email),
              confirmLabel: 'Send Reset Email',
            });
            if (send) resetEmail.mutate();
          }}
        >
          Send Reset Email
        </Button>
        <span className="user-editor__spacer" />
        {dirty && <span className="user-editor__dirty">Unsaved changes</span>}
        <Button variant="secondary" size="sm" disabled={!dirty || save.isPending} onClick={resetChanges}>
          Reset Changes
        </Button>
        <Button type="submit" size="sm" busy={save.isPending} disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>

      <UserMembership user={user} />
      <UserPayments userId={user.id} />
      {confirm.dialog}
    </form>
  );
}
