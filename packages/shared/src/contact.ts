import { z } from './zod';
import { emailSchema } from './auth';
import { messages } from './messages';
import { phoneSchema } from './phone';

export const ENQUIRY_MESSAGE_MAX = 5000;

/** The contact enquiry form (docs/product.md, Public site), with its validation rules. */
export const enquiryFields = {
  fullName: z
    .string({ error: messages.enquiryNameRequired })
    .trim()
    .min(1, { error: messages.enquiryNameRequired })
    .min(2, { error: messages.enquiryNameShort })
    .max(200, { error: messages.tooLong(200) }),
  email: emailSchema(),
  phone: phoneSchema,
  message: z
    .string({ error: messages.enquiryMessageRequired })
    .trim()
    .min(1, { error: messages.enquiryMessageRequired })
    .min(5, { error: messages.enquiryMessageShort })
    .max(ENQUIRY_MESSAGE_MAX, { error: messages.tooLong(ENQUIRY_MESSAGE_MAX) }),
  smsOptIn: z.literal(true, { error: messages.smsTerms }),
};

/** POST /api/users/questions. The client's own geo guess is accepted for compatibility and ignored. */
export const enquiryRequestSchema = z.strictObject({
  ...enquiryFields,
  customerIp: z.string().max(64).optional(),
  customerState: z.string().max(100).optional(),
  customerCountry: z.string().max(100).optional(),
});
