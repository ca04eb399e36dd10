import { billingAddressRequestSchema, formatPhone, messages, ownDetailsSchema, type OwnDetailsUpdate, type UserProfile } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, PhoneField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { authKeys } from '../../auth';
import { updateDetails } from '../api/update-details';

interface DetailsValues {
  firstName: string;
  lastName: string;
  customerPhone: string;
  zip: string;
  street: string;
  city: string;
  state: string;
  billingZip: string;
  country: string;
}
const FIELD_ORDER = ['firstName', 'lastName', 'customerPhone', 'zip', 'street', 'city', 'state', 'billingZip', 'country'] as const;
const ADDRESS_FIELDS = { street: 'street', city: 'city', state: 'state', billingZip: 'zip', country: 'country' } as const;
type AddressField = keyof typeof ADDRESS_FIELDS;
const isAddressField = (name: keyof DetailsValues): name is AddressField => name in ADDRESS_FIELDS;

const valuesOf = (profile: UserProfile): DetailsValues => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  customerPhone: profile.customerPhone ?? '',
  zip: profile.zip ?? '',
  street: profile.billingAddress?.street ?? '',
  city: profile.billingAddress?.city ?? '',
  state: profile.billingAddress?.state ?? '',
  billingZip: profile.billingAddress?.zip ?? '',
  country: profile.billingAddress?.country ?? '',
});

const noAddress = (v: DetailsValues) => (Object.keys(ADDRESS_FIELDS) as AddressField[]).every((name) => !v[name].trim());

/** The request for these values: an address left wholly empty is none. */
const requestOf = (v: DetailsValues): OwnDetailsUpdate | null => {
  const parsed = ownDetailsSchema.safeParse({
    firstName: v.firstName,
    lastName: v.lastName,
    customerPhone: v.customerPhone,
    zip: v.zip,
    billingAddress: noAddress(v) ? null : { street: v.street, city: v.city, state: v.state, zip: v.billingZip, country: v.country },
  });
  return parsed.success ? parsed.data : null;
};

/** One field's message by the same rules as the server's; the address's parts only once any is filled in. */
function detailsProblem(name: keyof DetailsValues, v: DetailsValues): string | null {
  if (isAddressField(name)) {
    if (noAddress(v)) return null;
    const part = billingAddressRequestSchema.shape[ADDRESS_FIELDS[name]].safeParse(v[name]);
    return part.success ? null : (part.error.issues[0]?.message ?? messages.required);
  }
  const field = ownDetailsSchema.shape[name].safeParse(v[name]);
  return field.success ? null : (field.error.issues[0]?.message ?? messages.required);
}

/** The server's field names (billingAddress.zip) as the form's. */
const formFieldOf = (serverField: string): keyof DetailsValues | null => {
  const part = /^billingAddress\.(\w+)$/.exec(serverField)?.[1];
  if (!part) return (FIELD_ORDER as readonly string[]).includes(serverField) ? (serverField as keyof DetailsValues) : null;
  return (Object.keys(ADDRESS_FIELDS) as AddressField[]).find((name) => ADDRESS_FIELDS[name] === part) ?? null;
};

const shown = (value: string | null | undefined) => (value && value.trim() ? value : messages.notProvided);

/** The profile's account details, which the member corrects in place: name, phone, ZIP code and billing address. */
export function DetailsCard({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const form = useValidatedForm<DetailsValues>({
    initialValues: () => valuesOf(profile),
    fieldOrder: FIELD_ORDER,
    validateField: detailsProblem,
    formRef,
    fieldId: (name) => `details-${name}`,
  });

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
  }, [editing]);

  function open() {
    form.reset(valuesOf(profile));
    setEditing(true);
    setSaved(false);
    setError(null);
  }

  function close() {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => openButtonRef.current?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.validateAll().ok) return;
    const request = requestOf(form.values);
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(authKeys.profile, await updateDetails(request));
      close();
      setSaved(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0 ? (err.serverMessage ?? messages.detailsUpdateFailed) : messages.detailsUpdateFailed,
      );
      const byServerName = serverFieldErrors(err, [
        'firstName',
        'lastName',
        'customerPhone',
        'zip',
        ...Object.values(ADDRESS_FIELDS).map((p) => `billingAddress.${p}`),
      ]);
      form.setServerErrors(
        Object.fromEntries(
          Object.entries(byServerName).flatMap(([name, message]) => {
            const field = formFieldOf(name);
            return field ? [[field, message]] : [];
          }),
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  const address = profile.billingAddress;
  return (
    <Card title="Account details" headingId="account-title" className="profile__details">
      <div className="stack">
        {saved && <Alert tone="success">{messages.detailsUpdated}</Alert>}
        {!editing ? (
          <>
            <table className="details-table">
              <tbody>
                <tr>
                  <th scope="row">First name</th>
                  <td>{shown(profile.firstName)}</td>
                </tr>
                <tr>
                  <th scope="row">Last name</th>
                  <td>{shown(profile.lastName)}</td>
                </tr>
                <tr>
                  <th scope="row">Email</th>
                  <td className="details-table__email">{shown(profile.email)}</td>
                </tr>
                <tr>
                  <th scope="row">Phone</th>
                  <td>{profile.customerPhone ? formatPhone(profile.customerPhone) : messages.notProvided}</td>
                </tr>
                <tr>
                  <th scope="row">ZIP code</th>
                  <td>{shown(profile.zip)}</td>
                </tr>
                <tr>
                  <th scope="row">Billing address</th>
                  <td>
                    {address
                      ? [address.street, `${address.city}, ${address.state} ${address.zip}`, address.country].join(' · ')
                      : messages.notProvided}
                  </td>
                </tr>
              </tbody>
            </table>
            <div>
              <Button ref={openButtonRef} variant="secondary" onClick={open}>
                Edit details
              </Button>
            </div>
          </>
        ) : (
          <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-label="Edit details">
            {error && <Alert tone="error">{error}</Alert>}
            <div className="grid-2">
              <TextField ref={firstFieldRef} {...form.textFieldProps('firstName')} label="First name" autoComplete="given-name" />
              <TextField {...form.textFieldProps('lastName')} label="Last name" autoComplete="family-name" />
              <PhoneField
                {...form.textFieldProps('customerPhone')}
                label="Phone number"
                onDigitsChange={(digits) => form.setField('customerPhone', digits)}
              />
              <TextField {...form.textFieldProps('zip')} label="ZIP code" autoComplete="postal-code" maxLength={10} />
            </div>
            <fieldset className="profile__address stack">
              <legend>
                Billing address <span>(optional)</span>
              </legend>
              <TextField {...form.textFieldProps('street')} label="Street address" autoComplete="billing street-address" />
              <div className="grid-2">
                <TextField {...form.textFieldProps('city')} label="City" autoComplete="billing address-level2" />
                <TextField {...form.textFieldProps('state')} label="State" autoComplete="billing address-level1" />
                <TextField
                  {...form.textFieldProps('billingZip')}
                  label="Billing ZIP code"
                  autoComplete="billing postal-code"
                  maxLength={10}
                />
                <TextField {...form.textFieldProps('country')} label="Country" autoComplete="billing country-name" />
              </div>
            </fieldset>
            <div className="row">
              <Button type="submit" disabled={busy} busy={busy}>
                {busy ? 'Saving...' : 'Save details'}
              </Button>
              <Button variant="ghost" onClick={close} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
