import { z } from './zod';
import { messages } from './messages';
import { phoneSchema } from './phone';
import { requiredText, SYMPTOMS_MAX } from './auth';
import { SERVICE_SLUGS, type ServiceSlug } from './site-pages';
import { US_STATE_CODES } from './us-states';
import { CLINICIAN_CREDENTIALS } from './clinicians';
import { billingAddressRequestSchema, checkoutFields, cvcProblem } from './payment';

/** What brings a patient in: the four service pages. */
export const VISIT_SERVICES = SERVICE_SLUGS;
export type VisitService = ServiceSlug;
export const VISIT_SERVICE_LABELS: Record<VisitService, string> = {
  'urgent-care': 'Urgent care',
  'primary-care': 'Primary care',
  'womens-health': "Women's health",
  'pediatric-care': 'Pediatric care',
};
/** What one visit costs a patient without a membership, in cents: the price each service page shows. */
export const VISIT_PRICES_CENTS: Record<VisitService, number> = {
  'urgent-care': 4900,
  'primary-care': 7500,
  'womens-health': 6500,
  'pediatric-care': 5500,
};
/** What a paid visit is called on the card statement and in the payment history: "Urgent care visit". */
export const visitPurchaseName = (service: VisitService) => `${VISIT_SERVICE_LABELS[service]} visit`;

/** How the patient and the clinician meet. */
export const VISIT_MODES = ['video', 'phone', 'message'] as const;
export type VisitMode = (typeof VISIT_MODES)[number];
export const VISIT_MODE_LABELS: Record<VisitMode, string> = { video: 'Video', phone: 'Phone', message: 'Message' };

/** Since when the symptoms have lasted. */
export const SYMPTOMS_SINCE = ['today', 'days', 'week', 'weeks', 'month'] as const;
export type SymptomsSince = (typeof SYMPTOMS_SINCE)[number];
export const SYMPTOMS_SINCE_LABELS: Record<SymptomsSince, string> = {
  today: 'Today',
  days: '1–3 days',
  week: '4–7 days',
  weeks: '1–4 weeks',
  month: 'More than a month',
};

/** The signs of an emergency: any one of them means calling 911 (988 for self-harm), not a virtual visit. */
export const RED_FLAGS = [
  { id: 'chest-pain', label: 'Chest pain or pressure' },
  { id: 'breathing', label: 'Trouble breathing' },
  { id: 'stroke', label: 'Signs of a stroke (face drooping, arm weakness, slurred speech)' },
  { id: 'bleeding', label: 'Severe bleeding' },
  { id: 'allergic-reaction', label: 'A severe allergic reaction' },
  { id: 'fainting', label: 'Fainting or confusion' },
  { id: 'self-harm', label: 'Thoughts of harming yourself' },
] as const;
export type RedFlag = (typeof RED_FLAGS)[number]['id'];
const RED_FLAG_IDS = RED_FLAGS.map((flag) => flag.id) as [RedFlag, ...RedFlag[]];

/** The telehealth consent the request form shows; each consent records this version with its time and address. */
export const TELEHEALTH_CONSENT_VERSION = '2026-11-27';
export const TELEHEALTH_CONSENT_TEXT =
  'I agree to receive medical care by telehealth: a licensed clinician will assess and treat me by video, phone or secure message, ' +
  'without a physical examination. Telehealth has limits, and the clinician may refer me to in-person or emergency care. ' +
  'My visit notes become part of my medical record, kept private and for at least 7 years. I can withdraw this consent at any time ' +
  'by not requesting further visits. In an emergency I will call 911.';

const NOTE_TEXT_MAX = 5000;
const LINE_MAX = 200;
export const MESSAGE_MAX = 2000;
export const PRESCRIPTIONS_MAX = 10;

const optionalText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, { error: messages.tooLong(max) });

/**
 * A visit request, as the form and POST /api/visits take it. A red flag is refused here, on both
 * sides: the form turns to "Call 911 now" and the server makes no request.
 */
/**
 * The card that pays for one visit when nothing else covers it, or replaces the one renewals use:
 * the checkout's billing address and card fields, by the checkout's rules.
 */
export const visitPaymentSchema = z
  .strictObject({
    billingAddress: billingAddressRequestSchema,
    cardDetails: z.strictObject({
      cardholderName: checkoutFields.cardholderName,
      cardNumber: checkoutFields.cardNumber,
      cvv: checkoutFields.cvc,
      expiry: checkoutFields.expiry,
    }),
  })
  .superRefine((body, ctx) => {
    const problem = cvcProblem(body.cardDetails.cardNumber, body.cardDetails.cvv);
    if (problem) ctx.addIssue({ code: 'custom', path: ['cardDetails', 'cvv'], message: problem });
  });
export type VisitPayment = z.output<typeof visitPaymentSchema>;

export const visitRequestSchema = z.strictObject({
  /** Who the visit is for: the signed-in person when absent, else a child they are the guardian of. */
  patientId: z.uuid({ error: messages.personNotFound }).optional(),
  state: z.enum(US_STATE_CODES, { error: messages.visitState }),
  service: z.enum(VISIT_SERVICES, { error: messages.visitService }),
  symptoms: requiredText(SYMPTOMS_MAX),
  since: z.enum(SYMPTOMS_SINCE, { error: messages.visitSince }),
  redFlags: z
    .array(z.enum(RED_FLAG_IDS, { error: messages.badRequest }), { error: messages.badRequest })
    .max(RED_FLAGS.length, { error: messages.badRequest })
    .refine((flags) => flags.length === 0, { error: messages.redFlagEmergency }),
  mode: z.enum(VISIT_MODES, { error: messages.visitMode }),
  callbackPhone: phoneSchema,
  telehealthConsent: z.literal(true, { error: messages.telehealthConsentRequired }),
  /** Only without a membership or one-time visit: the card this visit is paid with (with an Idempotency-Key). */
  payment: visitPaymentSchema.optional(),
});
export type VisitRequest = z.output<typeof visitRequestSchema>;

/** What pays for a visit: a monthly membership, a one-time visit it uses up, or a payment for this visit alone. */
export const VISIT_COVERAGES = ['membership', 'one-time', 'paid'] as const;

/** Where a visit stands: waiting in the queue, claimed by a clinician, under way, or over. */
export const VISIT_STATUSES = ['waiting', 'claimed', 'in_visit', 'completed', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const OPEN_VISIT_STATUSES = ['waiting', 'claimed', 'in_visit'] as const satisfies readonly VisitStatus[];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  waiting: 'Waiting',
  claimed: 'Claimed',
  in_visit: 'In visit',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** Who withdrew a visit before it was completed. */
export const VISIT_CANCELLERS = ['patient', 'clinician', 'system'] as const;

/** One prescription line, recorded as sent to the patient's pharmacy. */
const prescriptionSchema = z.strictObject({
  drug: requiredText(LINE_MAX),
  strength: requiredText(LINE_MAX),
  directions: requiredText(LINE_MAX),
  quantity: requiredText(LINE_MAX),
  refills: z
    .number({ error: messages.badRequest })
    .int({ error: messages.badRequest })
    .min(0, { error: messages.badRequest })
    .max(12, { error: messages.badRequest }),
});

/** The clinician's note, saved as a draft any number of times until it is signed. */
export const visitNoteSchema = z.strictObject({
  subjective: optionalText(NOTE_TEXT_MAX),
  objective: optionalText(NOTE_TEXT_MAX),
  assessment: optionalText(NOTE_TEXT_MAX),
  plan: optionalText(NOTE_TEXT_MAX),
  followUp: optionalText(NOTE_TEXT_MAX),
  prescriptions: z.array(prescriptionSchema, { error: messages.badRequest }).max(PRESCRIPTIONS_MAX, { error: messages.badRequest }),
});
export type VisitNote = z.output<typeof visitNoteSchema>;

export const releaseSchema = z.strictObject({ reason: requiredText(500, messages.releaseReasonRequired) });
export const addendumSchema = z.strictObject({ text: requiredText(NOTE_TEXT_MAX) });
export const visitMessageSchema = z.strictObject({ text: requiredText(MESSAGE_MAX) });

/** A photo sent in a visit's thread: a JPEG or PNG of at most 10 MB, checked by the form and again by the server. */
export const VISIT_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export type VisitPhotoType = (typeof VISIT_PHOTO_TYPES)[number];
export const VISIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const isVisitPhotoType = (type: string): type is VisitPhotoType => (VISIT_PHOTO_TYPES as readonly string[]).includes(type);

/** Why a chosen photo cannot be sent, by its declared type and size (the server checks its bytes too); null when it can. */
export function visitPhotoProblem(photo: { type: string; size: number }): string | null {
  if (!isVisitPhotoType(photo.type)) return messages.visitPhotoType;
  if (photo.size === 0) return messages.visitPhotoEmpty;
  return photo.size > VISIT_PHOTO_MAX_BYTES ? messages.visitPhotoTooLarge : null;
}
export const dutySchema = z.strictObject({ onDuty: z.boolean({ error: messages.badRequest }) });

const clinicianSchema = z.object({
  name: z.string(),
  credentials: z.enum(CLINICIAN_CREDENTIALS),
  npi: z.string(),
});

const summarySchema = z.object({
  note: z.object({
    subjective: z.string(),
    objective: z.string(),
    assessment: z.string(),
    plan: z.string(),
    followUp: z.string(),
    prescriptions: z.array(
      z.object({ drug: z.string(), strength: z.string(), directions: z.string(), quantity: z.string(), refills: z.number() }),
    ),
  }),
  pharmacy: z.object({ name: z.string(), phone: z.string(), address: z.string() }).nullable(),
  signedAt: z.string(),
  addenda: z.array(z.object({ text: z.string(), author: z.string(), addedAt: z.string() })),
});

/** A visit as its patient sees it: the waiting room, and the record once it is signed. */
const patientVisitSchema = z.object({
  id: z.string(),
  /** Who the visit is for: the member, or a child of theirs. */
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  status: z.enum(VISIT_STATUSES),
  service: z.enum(VISIT_SERVICES),
  mode: z.enum(VISIT_MODES),
  state: z.string(),
  symptoms: z.string(),
  since: z.enum(SYMPTOMS_SINCE),
  requestedAt: z.string(),
  claimedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  clinician: clinicianSchema.nullable(),
  /** While waiting: the place in the queue (1 = next) and the estimated wait in minutes. */
  queue: z.object({ position: z.number(), estimatedWaitMinutes: z.number() }).nullable(),
  summary: summarySchema.nullable(),
});
export type PatientVisit = z.infer<typeof patientVisitSchema>;
export const patientVisitAnswerSchema = z.object({ visit: patientVisitSchema });
export const patientVisitListSchema = z.object({ visits: z.array(patientVisitSchema) });

/** A queued request as a clinician sees it before claiming: no name, nothing that identifies the patient. */
const queueItemSchema = z.object({
  id: z.string(),
  service: z.enum(VISIT_SERVICES),
  state: z.string(),
  age: z.number().nullable(),
  mode: z.enum(VISIT_MODES),
  requestedAt: z.string(),
});
export const queueAnswerSchema = z.object({ onDuty: z.boolean(), requests: z.array(queueItemSchema) });

/** One message of a visit's thread. */
export const visitMessageAnswerSchema = z.object({
  id: z.string(),
  from: z.enum(['patient', 'clinician']),
  text: z.string(),
  /** The photo the message carries, downloaded from …/photos/{id}; null for text alone. */
  photo: z.object({ id: z.string(), type: z.enum(VISIT_PHOTO_TYPES), size: z.number() }).nullable(),
  sentAt: z.string(),
});
export const visitThreadSchema = z.object({ messages: z.array(visitMessageAnswerSchema) });

const noteAnswerSchema = summarySchema.shape.note;
const historyAnswerSchema = z.object({
  noKnownAllergies: z.boolean(),
  allergies: z.array(z.string()),
  medications: z.array(z.object({ name: z.string(), dose: z.string() })),
  conditions: z.array(z.string()),
  surgeries: z.array(z.object({ name: z.string(), year: z.number() })),
  pharmacy: z.object({ name: z.string(), phone: z.string(), address: z.string() }).nullable(),
});

/** A claimed visit as its clinician works it: the patient, the history as it was when requested, past summaries and the note. */
const clinicianVisitSchema = z.object({
  id: z.string(),
  status: z.enum(VISIT_STATUSES),
  service: z.enum(VISIT_SERVICES),
  mode: z.enum(VISIT_MODES),
  state: z.string(),
  symptoms: z.string(),
  since: z.enum(SYMPTOMS_SINCE),
  requestedAt: z.string(),
  claimedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  cancelledBy: z.enum(VISIT_CANCELLERS).nullable(),
  patient: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dob: z.string().nullable(),
    age: z.number().nullable(),
  }),
  /** For a child, the parent or guardian who asked for the visit: the clinician's contact. */
  guardian: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** The number to call, for a phone visit only. */
  callbackPhone: z.string().nullable(),
  history: historyAnswerSchema.nullable(),
  historySavedAt: z.string().nullable(),
  pastVisits: z.array(
    z.object({
      id: z.string(),
      service: z.enum(VISIT_SERVICES),
      requestedAt: z.string(),
      clinician: z.string().nullable(),
      summary: summarySchema,
    }),
  ),
  note: noteAnswerSchema.nullable(),
  signedAt: z.string().nullable(),
  addenda: summarySchema.shape.addenda,
});
export type ClinicianVisit = z.infer<typeof clinicianVisitSchema>;
export const clinicianVisitAnswerSchema = z.object({ visit: clinicianVisitSchema });
/** The clinician's desk: the visits they hold now, and those they closed lately. */
export const clinicianDeskSchema = z.object({
  open: z.array(queueItemSchema.extend({ status: z.enum(VISIT_STATUSES), patientName: z.string() })),
  closed: z.array(queueItemSchema.extend({ status: z.enum(VISIT_STATUSES), patientName: z.string(), endedAt: z.string().nullable() })),
});
