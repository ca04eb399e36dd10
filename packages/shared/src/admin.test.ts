import { describe, expect, it } from 'vitest';
import { adminUserUpdateSchema } from './admin';
import { messages } from './messages';

describe("an admin's edit of a membership", () => {
  const edit = (fields: Record<string, unknown>) =>
    adminUserUpdateSchema.safeParse({
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      roles: 'user',
      verified: true,
      smsPolicyAccepted: true,
      ...fields,
    });
  const problems = (fields: Record<string, unknown>) => edit(fields).error?.issues.map((issue) => issue.message);

  it('takes a plan id and a status as they are stored, and an empty one as none', () => {
    expect(edit({ subscriptionPlan: 'oneTimeVisit', subscriptionStatus: 'past_due' }).data).toMatchObject({
      subscriptionPlan: 'oneTimeVisit',
      subscriptionStatus: 'past_due',
    });
    expect(edit({ subscriptionPlan: '', subscriptionStatus: '' }).data).toMatchObject({ subscriptionPlan: null, subscriptionStatus: null });
  });

  it('refuses any other spelling: the database keeps only the exact values', () => {
    expect(problems({ subscriptionPlan: 'onetimevisit' })).toEqual([messages.unknownSubscriptionPlan]);
    expect(problems({ subscriptionStatus: 'Active' })).toEqual([messages.unknownSubscriptionStatus]);
  });
});
