import { formatCentralDate, formatUsd, type Plan } from '@app/shared';
import type { MailTemplates } from '../mail';
import type { UserRow } from '../users';

/** The receipt e-mail of a paid checkout or renewal. */
export function receiptMail(
  ctx: { templates: MailTemplates },
  user: Pick<UserRow, 'email' | 'firstName' | 'cardBrand' | 'cardLast4'>,
  plan: Plan,
  paidAt: Date,
  reference: string,
  renewsAt: Date | null,
) {
  return ctx.templates.receipt(user.email, user.firstName, {
    planTitle: plan.title,
    amount: formatUsd(plan.priceCents),
    date: formatCentralDate(paidAt),
    card: user.cardBrand ? `${user.cardBrand} ending ${user.cardLast4}` : `card ending ${user.cardLast4}`,
    reference,
    renewsOn: renewsAt ? formatCentralDate(renewsAt) : null,
  });
}
