import { adminUserUpdateSchema, FIELDS_NEEDING_REASON, messages, type AdminUser, type AdminUserUpdate } from '@app/shared';

/** The editable fields of a user as the card's controls hold them: text as typed, booleans as checkboxes. */
export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  /** Comma-separated, as the admin types them (docs/product.md, Validation). */
  roles: string;
  dob: string;
  symptoms: string;
  verified: boolean;
  smsPolicyAccepted: boolean;
  customerPhone: string;
  zip: string;
  customerState: string;
  customerCountry: string;
  billingStreet: string;
  billingCity: string;
  billingState: string;
  billingZip: string;
  billingCountry: string;
  subscriptionStatus: string;
  subscriptionPlan: string;
  /** Dollars with two decimals, or '' for none. */
  subscriptionAmount: string;
  methodOfSubscription: string;
  subscriptionMethodOfCancelling: string;
  /** Why roles, subscription or amount changed; asked only then (decision 018). */
  reason: string;
}

export type UserFormField = keyof UserFormValues;

/** Form order, for focusing the first invalid field. */
export const USER_FORM_FIELDS: readonly UserFormField[] = [
  'email',
  'firstName',
  'lastName',
  'roles',
  'dob',
  'symptoms',
  'verified',
  'smsPolicyAccepted',
  'customerPhone',
  'zip',
  'customerState',
  'customerCountry',
  'billingStreet',
  'billingCity',
  'billingState',
  'billingZip',
  'billingCountry',
  'subscriptionStatus',
  'subscriptionPlan',
  'subscriptionAmount',
  'methodOfSubscription',
  'subscriptionMethodOfCancelling',
  'reason',
];

const billingParts = {
  billingStreet: 'street',
  billingCity: 'city',
  billingState: 'state',
  billingZip: 'zip',
  billingCountry: 'country',
} as const;

export function toFormValues(user: AdminUser): UserFormValues {
  const address = user.billingAddress;
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles.join(', '),
    dob: user.dob ?? '',
    symptoms: user.symptoms ?? '',
    verified: user.verified,
    smsPolicyAccepted: user.smsPolicyAccepted,
    customerPhone: user.customerPhone ?? '',
    zip: user.zip ?? '',
    customerState: user.customerState ?? '',
    customerCountry: user.customerCountry ?? '',
    billingStreet: address?.street ?? '',
    billingCity: address?.city ?? '',
    billingState: address?.state ?? '',
    billingZip: address?.zip ?? '',
    billingCountry: address?.country ?? '',
    subscriptionStatus: user.subscriptionStatus ?? '',
    subscriptionPlan: user.subscriptionPlan ?? '',
    subscriptionAmount: user.subscriptionAmount === null ? '' : user.subscriptionAmount.toFixed(2),
    methodOfSubscription: user.methodOfSubscription ?? '',
    subscriptionMethodOfCancelling: user.subscriptionMethodOfCancelling ?? '',
    reason: '',
  };
}

/** The fields whose value differs from the loaded one (the reason is not an edit of the user). */
export const changedFields = (values: UserFormValues, loaded: UserFormValues): UserFormField[] =>
  USER_FORM_FIELDS.filter((name) => name !== 'reason' && values[name] !== loaded[name]);

/** True when the edit touches roles, subscription or amount, which need a reason (decision 018). */
export const needsReason = (changed: readonly UserFormField[]) =>
  changed.some((name) => (FIELDS_NEEDING_REASON as readonly string[]).includes(name));

/**
 * The PUT body before normalisation: the user as loaded with the card's edits on top (docs/product.md, Data: the
 * full body). Untyped on purpose: the selects hold any string, and the shared schema decides.
 */
function toUpdateInput(user: AdminUser, values: UserFormValues): Record<string, unknown> {
  const { billingStreet, billingCity, billingState, billingZip, billingCountry, reason, ...fields } = values;
  // Only the keys of the shared schema: a field the server adds to its answer later is no edit of this form.
  const loaded = Object.fromEntries(Object.entries(user).filter(([key]) => key in adminUserUpdateSchema.shape));
  return {
    ...loaded,
    ...fields,
    billingAddress: { street: billingStreet, city: billingCity, state: billingState, zip: billingZip, country: billingCountry },
    reason,
  };
}

/** The form field a message of the shared schema belongs to. */
function formFieldOf(path: readonly PropertyKey[]): UserFormField | null {
  const [head, part] = path;
  if (head === 'billingAddress')
    return (Object.keys(billingParts) as (keyof typeof billingParts)[]).find((k) => billingParts[k] === part) ?? null;
  return (USER_FORM_FIELDS as readonly PropertyKey[]).includes(head ?? '') ? (head as UserFormField) : null;
}

type FieldMessages = Partial<Record<UserFormField, string>>;
/** `other`: a message of the schema that belongs to no control of the card. */
export type UserFormCheck = { ok: true; body: AdminUserUpdate } | { ok: false; errors: FieldMessages; other: string | null };

const checks = new WeakMap<UserFormValues, { user: AdminUser; check: UserFormCheck }>();

/** checkUserForm, once per state of the form: the form asks it for every field on every render. */
export function cachedCheck(user: AdminUser, values: UserFormValues): UserFormCheck {
  const cached = checks.get(values);
  if (cached?.user === user) return cached.check;
  const check = checkUserForm(user, values, toFormValues(user));
  checks.set(values, { user, check });
  return check;
}

/**
 * The shared schema's verdict on the edit (the server parses the same way), plus the reason rule:
 * a required reason when roles, subscription or amount changed.
 */
function checkUserForm(user: AdminUser, values: UserFormValues, loaded: UserFormValues): UserFormCheck {
  const errors: FieldMessages = {};
  let other: string | null = null;
  if (needsReason(changedFields(values, loaded)) && !values.reason.trim()) errors.reason = messages.changeReasonRequired;
  const parsed = adminUserUpdateSchema.safeParse(toUpdateInput(user, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path);
      if (!field) other ??= issue.message;
      else errors[field] ??= issue.message;
    }
  }
  if (!parsed.success || errors.reason) return { ok: false, errors, other };
  return { ok: true, body: parsed.data };
}
