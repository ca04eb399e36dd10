import { formatPhone, messages } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Limits } from '../../lib/limits';
import type { GeoService } from '../geo';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { insertEnquiry } from './repository';

/** What an enquiry uses: its row, the limit per address, the sender's location, and the mail to support. */
interface ContactDeps {
  db: Database;
  limits: Limits;
  geo: GeoService;
  mail: MailDelivery;
  templates: MailTemplates;
  config: Pick<Config, 'brand'>;
}

interface Enquiry {
  fullName: string;
  email: string;
  phone: string;
  message: string;
}

/** Stores an enquiry and e-mails it to support in the same transaction; 10 per address per hour. */
export async function sendEnquiry(ctx: ContactDeps, enquiry: Enquiry, ip: string) {
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
