import { messages } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { openSignedIn, signedInPatient, uniqueEmail } from '../fixtures/patients';
import { appReady, expect, startSite, test } from '../fixtures/site';

/** The frame of every page: top bar, navigation, footer, floating bar, scrolling, the country check. */

const SUPPORT_EMAIL = 'support@careconnect247.example';

const menus = {
  'Our Services': [
    ['All Services', '/#services'],
    ['Primary Care', '/services/primary-care'],
    ["Women's Health", '/services/womens-health'],
    ["Kid's Treatment", '/services/pediatric-care'],
  ],
  'Learn More': [
    ['How It Works', '/#how'],
    ['Patient Stories', '/#testimonials'],
    ['Why CareConnect 24/7', '/#why'],
    ['FAQs', '/#faq'],
  ],
  Blogs: [
    ['Caregiver Support Tips', '/tips/caregiver-support'],
    ['What To Expect (First Visit)', '/tips/first-visit'],
    ['Preventive Care Routine', '/tips/preventive-care'],
  ],
} as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const menuOf = async (page: Page, trigger: Locator) => page.locator(`#${await trigger.getAttribute('aria-controls')}`);
const floatingBar = (page: Page) => page.getByRole('complementary', { name: 'Quick actions' });

/**
 * Waits until the page is settled: the country check done and the page at the top. After a page
 * change the top is forced again for 1.2 s unless the person acts (ScrollManager); a pointer press,
 * as a person's first tap, hands the page over at once instead of a fixed wait.
 */
async function settle(page: Page) {
  await expect(page.getByText(messages.geoChecking)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.dispatchEvent(new PointerEvent('pointerdown')));
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Whether the top of the element is within the viewport. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= -2 && box.top < window.innerHeight;
  });

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the top bar shows the hours, the support e-mail and phone, and four social links', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByText('Monday to Sunday - 24hrs').first()).toBeVisible();
    const bar = page.locator('.topbar');
    await expect(bar.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(bar.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
      await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // The page starts with the bar: the icon sprite inlined in the page takes no room.
    expect(await bar.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
    // Every icon draws from that sprite (a <use> of a missing symbol has no size).
    const icons = await bar.locator('svg use').all();
    expect(icons.length).toBeGreaterThanOrEqual(7);
    for (const icon of icons) expect(await icon.evaluate((use) => (use as SVGUseElement).getBBox().width)).toBeGreaterThan(0);
  });

  test('the menu is in its fixed order and Book an Appointment goes to /consult', async ({ page }) => {
    await page.goto('/careers');
    const entries = mainNav(page).locator('.nav__list > li > :is(a, button)');
    await expect(entries).toHaveText(['Home', 'Our Services', 'Plans', 'About Us', 'Learn More', 'Contact Us', 'Blogs', 'Sign In']);
    await expect(page.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/consult');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('a signed-in admin sees Admin once, where My Profile would be, and books at /admin', async ({ page }) => {
    // The frame follows the stored user's roles (the server authorises every admin call itself), so a
    // stored admin session is enough here; admin-login.spec.ts signs in for real.
    await page.addInitScript(() => {
      sessionStorage.setItem('authUser', JSON.stringify({ email: 'admin@careconnect.test', verified: true, roles: ['ROLE_ADMIN'] }));
      sessionStorage.setItem('authToken', 'token');
    });
    await page.goto('/careers');
    const entries = mainNav(page).locator('.nav__list > li > :is(a, button)');
    await expect(entries).toHaveText([
      'Home',
      'Our Services',
      'Plans',
      'About Us',
      'Learn More',
      'Contact Us',
      'Blogs',
      'Admin',
      'Sign Out',
    ]);
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/admin');
  });

  test('every dropdown opens on hover, closes when the mouse leaves, and its links lead to their pages', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    for (const [label, links] of Object.entries(menus)) {
      const trigger = page.getByRole('button', { name: label });
      const menu = await menuOf(page, trigger);
      await expect(menu).toBeHidden();
      await trigger.hover();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      for (const [name, href] of links) await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await page.mouse.move(640, 700);
      await expect(menu).toBeHidden();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    }
    // Through a link: the menu closes and the page changes.
    await page.getByRole('button', { name: 'Blogs' }).hover();
    await page.getByRole('link', { name: 'What To Expect (First Visit)' }).click();
    await expect(page).toHaveURL(/\/tips\/first-visit$/);
    await expect(page.getByRole('button', { name: 'Blogs' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a dropdown opens and closes on click, and a click elsewhere closes it', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    const trigger = page.getByRole('button', { name: 'Learn More' });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // It stays open once clicked, even when the mouse moves on.
    await page.mouse.move(640, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(640, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('every dropdown works from the keyboard', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    for (const [label, links] of Object.entries(menus)) {
      const trigger = page.getByRole('button', { name: label });
      const menu = await menuOf(page, trigger);
      await trigger.focus();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('link', { name: links[0][0], exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('link', { name: links[1][0], exact: true })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(menu.getByRole('link', { name: links[links.length - 1]![0], exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      // ArrowDown opens it again; Tab past the last link closes it.
      await page.keyboard.press('ArrowDown');
      await expect(menu).toBeVisible();
      for (let i = 0; i < links.length; i += 1) await page.keyboard.press('Tab');
      await expect(menu).toBeHidden();
    }
    // Enter on a link follows it.
    await page.getByRole('button', { name: 'Learn More' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/#faq$/);
  });

  test('hash links scroll to their home page section, also when already on the home page', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    await mainNav(page).getByRole('link', { name: 'Plans', exact: true }).click();
    await expect(page).toHaveURL(/\/#plans$/);
    await expect.poll(() => inView(page.locator('#plans'))).toBe(true);
    await page.getByRole('button', { name: 'Learn More' }).click();
    await mainNav(page).getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect.poll(() => inView(page.locator('#faq'))).toBe(true);
    await mainNav(page).getByRole('link', { name: 'About Us' }).click();
    await expect.poll(() => inView(page.locator('#about'))).toBe(true);
  });

  test('a page change starts at the top', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    await scrollToBottom(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the footer links to careers, the legal pages and support, with the address and the 911 note', async ({ page }) => {
    await page.goto('/careers');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact#support-title');
    await expect(footer.getByText('Saint Louis, Missouri, USA')).toBeVisible();
    await expect(footer.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
    await expect(footer.getByText('If you think you have a medical emergency, call 911.')).toBeVisible();
    await expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeVisible();
  });

  test('the skip link leads to the main content', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('the floating bottom bar', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('offers Start a Visit and Customer Support on public pages', async ({ page }) => {
    await page.goto('/careers');
    const bar = floatingBar(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Start a Visit' })).toHaveAttribute('href', '/consult');
    await bar.getByRole('link', { name: 'Customer Support' }).click();
    await expect(page).toHaveURL(/\/contact#support-title$/);
    await expect.poll(() => inView(page.locator('#support-title'))).toBe(true);
  });

  test('is not shown on /consult, /login, /profile, /payment, /admin and their sub-paths', async ({ page }) => {
    for (const path of ['/consult', '/login', '/profile', '/payment', '/admin', '/admin/anything']) {
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(floatingBar(page), path).toHaveCount(0);
    }
    await page.goto('/contact');
    await expect(floatingBar(page)).toBeVisible();
  });

  test('hides while more than 5% of the home hero is in view', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await expect(page.locator('[data-hero]')).toBeVisible();
    await expect(floatingBar(page)).toHaveCount(0);
    // Hero almost gone: 3% of it left on screen.
    await page.evaluate(() => {
      const hero = document.querySelector('[data-hero]')!;
      const box = hero.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + box.bottom - box.height * 0.03);
    });
    await expect(floatingBar(page)).toBeVisible();
    // 10% back in view.
    await page.evaluate(() => {
      const hero = document.querySelector('[data-hero]')!;
      const box = hero.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + box.bottom - box.height * 0.1);
    });
    await expect(floatingBar(page)).toHaveCount(0);
    await scrollToBottom(page);
    await expect(floatingBar(page)).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Menu button opens the menu, its dropdowns and links, and closes it', async ({ page }) => {
    await page.goto('/careers');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: 'Contact Us', exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Book an Appointment' })).toBeVisible();
    await nav.getByRole('button', { name: 'Learn More' }).click();
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeVisible();
    await nav.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/#how$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => inView(page.locator('#how'))).toBe(true);
    // Escape closes it too.
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('the floating bar sits at the bottom of the screen', async ({ page }) => {
    await page.goto('/careers');
    const bar = floatingBar(page);
    await expect(bar).toBeVisible();
    // Measure once the slide-in animation has finished.
    await bar.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await expect
      .poll(async () => {
        const box = await bar.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(812);
    for (const name of ['Start a Visit', 'Customer Support']) {
      const link = bar.getByRole('link', { name });
      const linkBox = await link.boundingBox();
      expect(linkBox && linkBox.x >= 0 && linkBox.x + linkBox.width <= 375).toBe(true);
    }
  });
});

test.describe('the form layout', () => {
  test('hides the navbar and footer on form pages at 900px, with no header for a visitor, and shows them at 901px', async ({ page }) => {
    for (const path of ['/contact', '/login', '/consult']) {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(mainNav(page), `${path} at 900`).toHaveCount(0);
      await expect(page.getByRole('banner'), `${path} at 900`).toHaveCount(0);
      await expect(page.getByRole('contentinfo'), `${path} at 900`).toHaveCount(0);
      await page.setViewportSize({ width: 901, height: 800 });
      await expect(mainNav(page), `${path} at 901`).toBeVisible();
      await expect(page.getByRole('contentinfo'), `${path} at 901`).toHaveCount(1);
    }
    // Other pages keep them at 900px.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/careers');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
  });

  test('a signed-in person keeps a compact header on form pages at 900px, and the navbar at 901px', async ({ page, request, site }) => {
    const patient = await signedInPatient(request, site, {
      email: uniqueEmail('compact-header'),
      password: 'Compact!Header9',
      firstName: 'Casey',
    });
    await page.setViewportSize({ width: 900, height: 800 });
    await openSignedIn(page, '/profile', patient);

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'CareConnect 24/7 home' })).toHaveAttribute('href', '/');
    await expect(accountNav(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/profile');
    await expect(accountNav(page).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/contact#support-title');
    await expect(accountNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.setViewportSize({ width: 901, height: 800 });
    await expect(mainNav(page)).toBeVisible();
    await expect(accountNav(page)).toHaveCount(0);

    await page.setViewportSize({ width: 900, height: 800 });
    await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('hides them on the reset and choose-plan pages at any width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/reset-password?token=abc', '/reset', '/choose-plan']) {
      await page.goto(path);
      await settle(page);
      await expect(mainNav(page), path).toHaveCount(0);
      await expect(page.getByRole('contentinfo'), path).toHaveCount(0);
    }
  });
});

test.describe('redirects', () => {
  test('/faq goes to the FAQ on the home page and unknown paths go home', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/#faq$/);
    await expect.poll(() => inView(page.locator('#faq'))).toBe(true);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-hero]')).toBeVisible();
  });
});

test.describe('the contact page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows customer service, headquarters, the map and directions', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.locator('#support-title')).toHaveText('Customer Service');
    await expect(page.getByRole('main').getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
    await expect(page.getByRole('main').getByText('Saint Louis, Missouri, USA')).toBeVisible();
    const map = page.getByRole('img', { name: /Map of Missouri/ });
    await expect(map).toBeVisible();
    expect(await map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Saint+Louis,+Missouri',
    );
  });

  test('validates the enquiry, sends it, shows the answer and clears the form', async ({ page, site }) => {
    await page.goto('/contact');
    await settle(page);
    const send = page.getByRole('button', { name: 'Send enquiry' });
    await send.click();
    for (const message of [
      messages.enquiryNameRequired,
      messages.email,
      messages.phone,
      messages.enquiryMessageRequired,
      messages.smsTerms,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();

    await page.getByLabel('Full name').fill('J');
    await page.getByLabel('Message', { exact: true }).fill('Hi');
    await expect(page.getByText(messages.enquiryNameShort)).toBeVisible();
    await expect(page.getByText(messages.enquiryMessageShort)).toBeVisible();

    await page.getByLabel('Full name').fill('Jamie Rivera');
    await page.getByLabel('Email').fill('jamie@example.com');
    await page.getByLabel('Phone').pressSequentially('3145550123');
    await expect(page.getByLabel('Phone')).toHaveValue('(314) 555-0123');
    await page.getByLabel('Message', { exact: true }).fill('Can a doctor help with a sinus infection tonight?');
    await page.getByRole('checkbox', { name: messages.smsConsent }).check();
    await send.click();

    await expect(page.getByRole('status').filter({ hasText: messages.enquirySuccess })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByLabel('Phone')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: messages.smsConsent })).not.toBeChecked();
    await expect(page.getByText(messages.enquiryNameRequired)).toHaveCount(0);

    const mail = await site.mailbox.waitFor(SUPPORT_EMAIL, /New enquiry from Jamie Rivera/);
    expect(mail.text).toContain('sinus infection');
  });

  test('shows the failure message with the support hint', async ({ page }) => {
    await page.route('**/api/users/questions', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Mail is resting' }) }),
    );
    await page.goto('/contact');
    await page.getByLabel('Full name').fill('Jamie Rivera');
    await page.getByLabel('Email').fill('jamie@example.com');
    await page.getByLabel('Phone').fill('3145550123');
    await page.getByLabel('Message', { exact: true }).fill('Hello there, a question.');
    await page.getByRole('checkbox', { name: messages.smsConsent }).check();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `${messages.enquiryFailedStatus(503, 'Mail is resting')} ${messages.enquirySupportHint(SUPPORT_EMAIL)}`,
    );
    await expect(page.getByLabel('Full name')).toHaveValue('Jamie Rivera');
  });
});

test.describe('outside the United States', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a visitor sees the blocked page, with the navbar and footer, on every page', async ({ browser }) => {
    // A server of its own that trusts X-Forwarded-For, so the test can come from abroad.
    const abroad = await startSite({ GEO_RESTRICT: 'on', TRUST_PROXY: '1' });
    const context = await browser.newContext({ baseURL: abroad.baseURL, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': '81.2.69.142' });
      // A page of this context is not the fixture's: it waits for the app itself, as the fixture's goto does.
      await page.goto('/');
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1, name: messages.geoBlockedTitle })).toBeVisible();
      await expect(page.getByText(messages.geoBlockedText)).toBeVisible();
      await expect(page.getByText('United Kingdom')).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('[data-hero]')).toHaveCount(0);
      await expect(floatingBar(page)).toHaveCount(0);
      await mainNav(page).getByRole('link', { name: 'Contact Us' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: messages.geoBlockedTitle })).toBeVisible();

      // From a US address the same server lets the visitor in.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': '8.8.8.8' });
      await page.goto('/');
      await expect(page.locator('[data-hero]')).toBeVisible();
    } finally {
      await context.close();
      await abroad.stop();
    }
  });

  test("shows 'Checking access...' while the lookup is pending", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/geo', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/careers');
    await expect(page.getByText(messages.geoChecking)).toBeVisible();
    release();
    await expect(page.getByText(messages.geoChecking)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a failed lookup lets the visitor in', async ({ page }) => {
    await page.route('**/api/geo', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.geoBlockedTitle })).toHaveCount(0);
  });
});
