import { z } from './zod';
import { NAME_MAX, emailSchema, requiredText, tokenSchema } from './auth';
import { ageOn, birthDateProblem } from './dates';
import { messages } from './messages';
import { newPasswordSchema } from './new-password';
import { signupFields } from './signup';

/** The most people a family membership covers besides the member who holds it. */
export const HOUSEHOLD_MAX_OTHERS = 5;
/** Pediatric care is for children from 2 to 17; at 18 a child books and keeps their own care. */
export const PEDIATRIC_MIN_AGE = 2;
export const ADULT_AGE = 18;

export const CHILD_SEXES = ['female', 'male'] as const;
export const CHILD_SEX_LABELS: Record<(typeof CHILD_SEXES)[number], string> = { female: 'Female', male: 'Male' };
export const CHILD_RELATIONSHIPS = ['child', 'stepchild', 'grandchild', 'foster-child', 'ward'] as const;
export type ChildRelationship = (typeof CHILD_RELATIONSHIPS)[number];
export const CHILD_RELATIONSHIP_LABELS: Record<ChildRelationship, string> = {
  child: 'My child',
  stepchild: 'My stepchild',
  grandchild: 'My grandchild',
  'foster-child': 'My foster child',
  ward: 'Under my legal guardianship',
};

/** A child under 18 on a day: born, and not 18 yet. */
const childDobSchema = z
  .string({ error: messages.dobRequired })
  .trim()
  .min(1, { error: messages.dobRequired })
  .superRefine((value, ctx) => {
    const problem = birthDateProblem(value) ?? ((ageOn(value, new Date()) ?? 0) >= ADULT_AGE ? messages.childTooOld : null);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** "Add a child": POST /api/household/children and its form. */
export const childSchema = z.strictObject({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  dob: childDobSchema,
  sex: z.enum(CHILD_SEXES, { error: messages.childSexRequired }),
  relationship: z.enum(CHILD_RELATIONSHIPS, { error: messages.childRelationshipRequired }),
});
export type NewChild = z.output<typeof childSchema>;

/** "Invite an adult": POST /api/household/invitations. */
export const adultInviteSchema = z.strictObject({ email: emailSchema() });

/** The invitation's link, opened by the invited adult. */
export const invitationTokenSchema = z.strictObject({ token: tokenSchema(messages.inviteInvalid) });

/** An invited adult without an account makes one through the link: the address is the invitation's, proven by opening it. */
export const invitationSignupSchema = z.strictObject({
  token: tokenSchema(messages.inviteInvalid),
  firstName: signupFields.firstName,
  lastName: signupFields.lastName,
  dob: signupFields.dob,
  customerPhone: signupFields.customerPhone,
  zip: signupFields.zip,
  newPassword: newPasswordSchema,
});
export type InvitationSignup = z.output<typeof invitationSignupSchema>;

/** Who a person is in the household: the member holding the family membership, an invited adult, or a child managed by a guardian. */
const HOUSEHOLD_ROLES = ['holder', 'adult', 'child'] as const;

const personSchema = z.object({
  id: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  /** Children only: the date of birth, sex and relationship the guardian gave. */
  dob: z.string().nullable(),
  age: z.number().nullable(),
  relationship: z.enum(CHILD_RELATIONSHIPS).nullable(),
  /** The signed-in person themselves, or a child they are the guardian of: they keep this person's record. */
  managedByYou: z.boolean(),
  /** Whether the signed-in person may request a visit for this person now. */
  bookable: z.boolean(),
  /** A child who turned 18: no longer booked for by the guardian. */
  turned18: z.boolean(),
});
export type HouseholdPerson = z.infer<typeof personSchema>;

/** GET /api/household: the signed-in person's household (a household of one outside a family membership). */
export const householdAnswerSchema = z.object({
  /** The family membership is the holder's and active: people can be added and are covered. */
  family: z.boolean(),
  /** The signed-in person holds the membership: they add and remove people. */
  youHold: z.boolean(),
  maxOthers: z.number(),
  people: z.array(personSchema),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), expiresAt: z.string() })),
});
export type HouseholdAnswer = z.infer<typeof householdAnswerSchema>;

/** What the invitation's link shows before it is accepted. */
export const invitationAnswerSchema = z.object({ holderName: z.string(), email: z.string() });

/** Who would lose the family's coverage if it became an Individual membership: everyone but the holder. */
export const coverageLossSchema = z.object({ people: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })) });

/** A user's household as an admin sees it on the user's card: who is in it, and who is each child's guardian. */
export const adminHouseholdSchema = z.object({
  family: z.boolean(),
  people: z.array(
    z.object({
      id: z.string(),
      role: z.enum(HOUSEHOLD_ROLES),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      relationship: z.enum(CHILD_RELATIONSHIPS).nullable(),
      guardianId: z.string().nullable(),
    }),
  ),
});
export type AdminHousehold = z.infer<typeof adminHouseholdSchema>;
