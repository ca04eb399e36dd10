import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { openConsoleSection, openMember } from '../fixtures/console';
import { createVerifiedPatient, linkIn, uniqueEmail } from '../fixtures/patients';
import { keepPicture } from '../fixtures/pictures';
import { appReady, expect } from '../fixtures/site';
import { ADMIN_EMAIL, openConsole, signInAsStaff, STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * The operator's records in the browser, on a wide screen and on a phone: the contact form's
 * enquiries read and answered by e-mail, an account disabled and enabled with a reason, an admin
 * invited, and the audit trail read with its details opened on request.
 */
test.use({ siteEnv: STAFF_SITE_ENV });

const PASSWORD = 'Kestrel!Harbor29';
const WIDTHS = [
  { name: 'wide', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Through the console's navigation, to one of its sections. */
async function openSection(page: Page, label: string) {
  await openConsoleSection(page, label);
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`on a ${name} screen`, () => {
    test.use({ viewport });

    test('an admin reads an enquiry, replies by e-mail and closes it', async ({ page, request, site, adminSession }) => {
      const email = uniqueEmail('asker');
      const sent = await request.post('/api/users/questions', {
        data: {
          fullName: 'Jordan Lee',
          email,
          phone: '(314) 555-0199',
          message: 'Do you treat sinus infections for children?',
          smsOptIn: true,
        },
      });
      expect(sent.status()).toBe(201);
      await openConsole(page, adminSession);
      await openSection(page, 'Enquiries');
      await page.getByRole('button', { name: 'Open the enquiry from Jordan Lee' }).first().click();
      const enquiry = page.getByRole('region', { name: 'Enquiry from Jordan Lee' });
      await expect(enquiry.getByText('Do you treat sinus infections for children?')).toBeVisible();
      await expectAccessible(page);

      await enquiry.getByRole('button', { name: 'Send reply' }).click();
      await expect(enquiry.getByText(messages.enquiryReplyRequired)).toBeVisible();
      await enquiry.getByRole('textbox', { name: `Reply by e-mail to ${email}` }).fill('Yes, we see children from age 2.');
      await enquiry.getByRole('button', { name: 'Send reply' }).click();
      await expect(enquiry.getByRole('status')).toContainText(messages.enquiryReplySent(email));
      await expect(enquiry.getByRole('list', { name: 'Replies sent' })).toContainText('Yes, we see children from age 2.');
      const reply = await site.mailbox.waitFor(email, /Your question to/);
      expect(reply.text).toContain('Yes, we see children from age 2.');
      await enquiry.getByRole('button', { name: 'Close enquiry' }).click();
      await expect(enquiry.getByRole('status')).toContainText(messages.enquiryStatusSaved('closed'));
      await keepPicture(page, `enquiries`);
    });

    test('an admin disables a member with a reason, who is refused at sign-in, and enables them again', async ({
      page,
      browser,
      request,
      site,
      adminSession,
    }) => {
      const email = uniqueEmail('dana');
      await createVerifiedPatient(request, site, {
        email,
        password: PASSWORD,
        firstName: 'Dana',
        lastName: 'Whitfield',
        plan: 'familyMonthly',
      });
      await openConsole(page, adminSession);
      await openMember(page, email, 'Dana Whitfield');
      const access = page.getByRole('region', { name: 'Account access' });
      await access.getByRole('button', { name: 'Disable account…' }).click();
      await access.getByRole('button', { name: 'Disable account', exact: true }).click();
      await expect(access.getByText(messages.accessReasonRequired)).toBeVisible();
      await access.getByLabel('Reason for disabling').fill('Asked to close the account');
      await access.getByRole('button', { name: 'Disable account', exact: true }).click();
      await expect(access.getByRole('status')).toContainText('is disabled');
      await expectAccessible(page);
      await keepPicture(page, `disable`);

      const member = await browser.newPage({ baseURL: site.baseURL, viewport });
      await member.goto('/login');
      await appReady(member);
      await member.getByLabel('Email', { exact: true }).fill(email);
      await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await member.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(member.getByText(messages.accountDisabled)).toBeVisible();
      await member.close();

      await access.getByRole('button', { name: 'Enable account…' }).click();
      await access.getByLabel('Reason for enabling').fill('Changed their mind');
      await access.getByRole('button', { name: 'Enable account', exact: true }).click();
      await expect(access.getByRole('status')).toContainText('can sign in again');
    });

    test('an admin invites an admin, who sets a password and signs in with an e-mailed link', async ({
      page,
      browser,
      site,
      adminSession,
    }) => {
      await openConsole(page, adminSession);
      await openSection(page, 'Settings');
      const email = uniqueEmail('ivy');
      const form = page.getByRole('form', { name: 'Invite an admin' });
      await form.getByLabel('First name').fill('Ivy');
      await form.getByLabel('Last name').fill('Park');
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(form.getByRole('status')).toContainText(messages.adminInvited(email));
      await expect(page.getByRole('cell').filter({ hasText: email })).toContainText('Ivy Park');
      await expectAccessible(page);
      await keepPicture(page, `settings`);

      // The invited admin, in a browser of their own.
      const invited = await (await browser.newContext({ baseURL: site.baseURL, viewport })).newPage();
      const invitation = await site.mailbox.waitFor(email, /invited to the .* admin dashboard/);
      await invited.goto(linkIn(invitation, site.baseURL, '/admin/welcome?token='));
      await invited.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await invited.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
      await invited.getByRole('button', { name: 'Set password' }).click();
      await expect(invited.getByRole('status').filter({ hasText: messages.adminInvitationAccepted })).toBeVisible();
      await expectAccessible(invited);
      await signInAsStaff(invited, site, email, PASSWORD, 'Sign in to the admin dashboard');
      await expect(invited.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
      await invited.context().close();
    });

    test('an admin reads the audit trail in words, filters it and opens a row’s details on request', async ({ page, adminSession }) => {
      await openConsole(page, adminSession);
      // Listing the members is an audited read of the admin's own.
      await openSection(page, 'Members');
      await expect(page.getByRole('region', { name: 'Member list' }).getByText(/^Page 1 of/)).toBeVisible();
      await openSection(page, 'Audit log');
      await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByLabel('Who acted').fill(ADMIN_EMAIL);
      await filters.getByLabel('Action').selectOption({ label: 'List users, filtered or not, a page at a time' });
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      const trail = page.getByRole('region', { name: 'Trail' });
      await expect(trail.getByRole('row').filter({ hasText: 'List users, filtered or not, a page at a time' }).first()).toBeVisible();
      await trail.getByRole('button', { name: 'Open details' }).first().click();
      await expect(trail.locator('pre').first()).toContainText('"count"');
      await expectAccessible(page);
      await keepPicture(page, `audit-log`);
    });
  });
}
