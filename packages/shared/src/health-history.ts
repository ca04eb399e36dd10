import { z } from './zod';
import { messages } from './messages';
import { phoneSchema } from './phone';

/** The most entries one list of the health history holds, and the longest text of one entry. */
export const HEALTH_LIST_MAX = 50;
const HEALTH_TEXT_MAX = 200;
const PHARMACY_ADDRESS_MAX = 300;
/** The earliest year a past surgery may be given for; the latest is the current year. */
const SURGERY_YEAR_MIN = 1900;

const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong(max) });

const optionalText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, { error: messages.tooLong(max) });

const entries = <T extends z.ZodType>(entry: T) =>
  z.array(entry, { error: messages.badRequest }).max(HEALTH_LIST_MAX, { error: messages.healthListTooLong(HEALTH_LIST_MAX) });

/** A year from 1900 to the current year, the bound read when a value is checked so it moves on with the calendar. */
const surgeryYearMessage = () => messages.surgeryYear(SURGERY_YEAR_MIN, new Date().getFullYear());
const surgeryYearSchema = z
  .number({ error: surgeryYearMessage })
  .int({ error: surgeryYearMessage })
  .refine((year) => year >= SURGERY_YEAR_MIN && year <= new Date().getFullYear(), { error: surgeryYearMessage });

const medicationSchema = z.strictObject({
  name: requiredText(HEALTH_TEXT_MAX),
  /** Dose and how often, as the patient writes it. */
  dose: optionalText(HEALTH_TEXT_MAX),
});

const surgerySchema = z.strictObject({
  name: requiredText(HEALTH_TEXT_MAX),
  year: surgeryYearSchema,
});

const pharmacySchema = z.strictObject({
  name: requiredText(HEALTH_TEXT_MAX),
  phone: phoneSchema,
  address: optionalText(PHARMACY_ADDRESS_MAX),
});

/** One list entry of free text (an allergy, a condition). */
const healthTextSchema = requiredText(HEALTH_TEXT_MAX);

/**
 * The patient's health history, as the form and PUT /api/users/me/health-history take it. Allergies
 * are either listed or explicitly none: "No known allergies" with an allergy listed is refused.
 */
export const healthHistorySchema = z
  .strictObject({
    noKnownAllergies: z.boolean({ error: messages.badRequest }),
    allergies: entries(healthTextSchema),
    medications: entries(medicationSchema),
    conditions: entries(healthTextSchema),
    surgeries: entries(surgerySchema),
    pharmacy: pharmacySchema.nullable(),
  })
  .refine((history) => !(history.noKnownAllergies && history.allergies.length > 0), {
    error: messages.allergiesOrNone,
    path: ['allergies'],
  });
export type HealthHistory = z.output<typeof healthHistorySchema>;

/** GET and PUT answer: the latest saved version and when it was saved, or nulls before the first save. */
export interface HealthHistoryAnswer {
  history: HealthHistory | null;
  savedAt: string | null;
}

/** The answer as routes serialize it: plain values, as stored (the request schema's transforms already ran). */
export const healthHistoryAnswerSchema: z.ZodType<HealthHistoryAnswer> = z.object({
  history: z
    .object({
      noKnownAllergies: z.boolean(),
      allergies: z.array(z.string()),
      medications: z.array(z.object({ name: z.string(), dose: z.string() })),
      conditions: z.array(z.string()),
      surgeries: z.array(z.object({ name: z.string(), year: z.number() })),
      pharmacy: z.object({ name: z.string(), phone: z.string(), address: z.string() }).nullable(),
    })
    .nullable(),
  savedAt: z.string().nullable(),
});
