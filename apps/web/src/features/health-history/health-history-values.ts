import { fieldErrors, healthHistorySchema, type HealthHistory } from '@app/shared';

/** The form's values: as the history, but a surgery's year and the pharmacy are kept as typed. */
export interface HealthHistoryFormValues {
  noKnownAllergies: boolean;
  allergies: string[];
  medications: { name: string; dose: string }[];
  conditions: string[];
  surgeries: { name: string; year: string }[];
  pharmacyName: string;
  /** The digits typed, at most ten. */
  pharmacyPhone: string;
  pharmacyAddress: string;
}

export type HealthHistoryField = keyof HealthHistoryFormValues;
export type HealthHistoryList = 'allergies' | 'medications' | 'conditions' | 'surgeries';

export const HEALTH_HISTORY_FIELDS = [
  'noKnownAllergies',
  'allergies',
  'medications',
  'conditions',
  'surgeries',
  'pharmacyName',
  'pharmacyPhone',
  'pharmacyAddress',
] as const satisfies readonly HealthHistoryField[];

const PHARMACY_FIELDS = { name: 'pharmacyName', phone: 'pharmacyPhone', address: 'pharmacyAddress' } as const;

export function toFormValues(history: HealthHistory | null): HealthHistoryFormValues {
  return {
    noKnownAllergies: history?.noKnownAllergies ?? false,
    allergies: history?.allergies ?? [],
    medications: history?.medications ?? [],
    conditions: history?.conditions ?? [],
    surgeries: history?.surgeries.map((s) => ({ name: s.name, year: String(s.year) })) ?? [],
    pharmacyName: history?.pharmacy?.name ?? '',
    pharmacyPhone: history?.pharmacy?.phone ?? '',
    pharmacyAddress: history?.pharmacy?.address ?? '',
  };
}

/** The request body: a year as the number typed (a blank or non-number is refused as a year), no pharmacy when all its fields are blank. */
function toRequestBody(values: HealthHistoryFormValues): unknown {
  const pharmacy = { name: values.pharmacyName, phone: values.pharmacyPhone, address: values.pharmacyAddress };
  const noPharmacy = Object.values(pharmacy).every((v) => v.trim() === '');
  return {
    noKnownAllergies: values.noKnownAllergies,
    allergies: values.allergies,
    medications: values.medications,
    conditions: values.conditions,
    surgeries: values.surgeries.map((s) => ({ name: s.name, year: /^\s*\d+\s*$/.test(s.year) ? Number(s.year) : Number.NaN })),
    pharmacy: noPharmacy ? null : pharmacy,
  };
}

/** The form field a message's path belongs to: 'pharmacy.phone' → pharmacyPhone, 'medications.2.name' → medications. */
export function formFieldOf(path: string): HealthHistoryField | null {
  const [head, next] = path.split('.');
  if (head === 'pharmacy') return next && next in PHARMACY_FIELDS ? PHARMACY_FIELDS[next as keyof typeof PHARMACY_FIELDS] : 'pharmacyName';
  return (HEALTH_HISTORY_FIELDS as readonly string[]).includes(head ?? '') ? (head as HealthHistoryField) : null;
}

/** The form checked by the shared rules: the history to send, or the first message per path ('allergies.0', 'pharmacy.phone'). */
export function checkHealthHistory(
  values: HealthHistoryFormValues,
): { ok: true; history: HealthHistory; errors: Record<string, string> } | { ok: false; errors: Record<string, string> } {
  const result = healthHistorySchema.safeParse(toRequestBody(values));
  return result.success ? { ok: true, history: result.data, errors: {} } : { ok: false, errors: fieldErrors(result.error) };
}

/** The first message of a form field, from messages keyed by path. */
export function messageFor(errors: Record<string, string>, field: HealthHistoryField): string | null {
  return Object.entries(errors).find(([path]) => formFieldOf(path) === field)?.[1] ?? null;
}
