import { formatPhone, messages } from '@app/shared';
import type { AppContext } from '../../context';
import { queueMailToSend } from '../mail';
import { insertEnquiry } from './repository';

interface Enquiry {
  fullName: string;
  email: string;
  phone: string;
  message: string;
}

/** Stores an enquiry and e-mails it to support in the same transaction; 10 per address per hour. */
export async function sendEnquiry(ctx: AppContext, enquiry: Enquiry, ip: string) {
  await ctx.limits.consume('enquiryPerIp', ip, messages.enquiryRateLimited);
  const location = ctx.geo.lookup(ip);
  const queued = await ctx.db.transaction(async (tx) => {
    await insertEnquiry(tx, {
      ...enquiry,
      smsOptIn: true,
      customerIp: ip,
      customerCountry: location?.country ?? null,
      customerState: location?.state ?? null,
    });
    return queueMailToSend(
      tx,
      ctx.templates.enquiry(ctx.config.brand.supportEmail, {
        ...enquiry,
        phone: formatPhone(enquiry.phone),
        location: location ? [location.state, location.country].filter(Boolean).join(', ') : 'unknown',
      }),
    );
  });
  void ctx.mail.send(queued);
  return { message: messages.enquirySuccess };
}
