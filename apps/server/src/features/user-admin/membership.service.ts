import type { AdminMembership } from '@app/shared';
import type { Database } from '../../db/client';
import { cancelMembership, keepMembership, membershipTerms, purchaseConsents } from '../billing';
import type { MailTemplates } from '../mail';

/** A member's membership terms and consents to auto-renewal, as the admin's user view shows them. */
export async function readMembershipAsAdmin(db: Database, id: string): Promise<AdminMembership> {
  const [terms, consents] = await Promise.all([membershipTerms(db, id), purchaseConsents(db, id)]);
  return { terms, consents };
}

/** An admin's cancellation for a member: the member's own rules and turn with renewals, recorded as made by an admin. */
export const cancelMembershipAsAdmin = (ctx: { db: Database; templates: MailTemplates }, id: string, reason: string) =>
  cancelMembership(ctx, id, { reason, method: 'admin' });

export const keepMembershipAsAdmin = (db: Database, id: string) => keepMembership(db, id);
