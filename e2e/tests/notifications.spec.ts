import { messages } from '@app/shared';
import { expectAccessible } from '../fixtures/a11y';
import { openSignedIn, signedInPatient, uniqueEmail } from '../fixtures/patients';
import { expect, test } from '../fixtures/site';

/** The profile's Notifications card: texts turned off and on again with its switch, and the choice kept. */
test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

test('a member turns text messages off and on again from the profile', async ({ page, request, site }) => {
  const email = uniqueEmail('texts');
  await openSignedIn(page, '/profile', await signedInPatient(request, site, { email, password: PASSWORD, firstName: 'Robin' }));

  const card = page.getByRole('region', { name: messages.notificationsTitle });
  await expect(card.getByText(messages.notificationsEmail)).toBeVisible();
  const toggle = card.getByRole('switch', { name: messages.notificationsSmsLabel });
  // Sign-up asked for the member's consent to texts.
  await expect(toggle).toBeChecked();
  await expectAccessible(page, '.profile');

  await toggle.click();
  await expect(card.getByRole('status').filter({ hasText: messages.notificationsSmsOff })).toBeVisible();
  await page.reload();
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  await expect(card.getByRole('status').filter({ hasText: messages.notificationsSmsOn })).toBeVisible();
  await page.reload();
  await expect(toggle).toBeChecked();
});
