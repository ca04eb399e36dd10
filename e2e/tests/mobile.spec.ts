import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';

/**
 * Sign-up and sign-in at phone width (375 x 812). docs/product.md, Public site: on /consult and /login the navbar and
 * footer are hidden when the viewport is 900px wide or less, and a form layout is used; docs/product.md, Public site:
 * the form layout's navbar variant has no logo. The app shows a plain text brand link (no logo) at
 * the top of the form instead.
 */
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const BRAND = 'CareConnect 24/7';

const pages = [
  {
    path: '/consult',
    heading: 'Create your account',
    submit: 'Create account',
    // The plan cards load after the page: wait for them, they are the widest part of the form.
    ready: (page: Page) => expect(page.getByRole('group', { name: 'Choose your membership plan' }).getByRole('radio')).toHaveCount(3),
  },
  {
    path: '/login',
    heading: 'Sign in',
    submit: 'Sign In',
    ready: (page: Page) => expect(page.getByLabel('Password', { exact: true })).toBeVisible(),
  },
];

const scrollWidth = (page: Page) => page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);

/** The site navbar is the page's banner landmark; the footer its contentinfo landmark. */
const navbar = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
/** The navbar's home link (named by aria-label) and the form layout's plain brand link. */
const navbarBrand = (page: Page) => navbar(page).getByRole('link', { name: `${BRAND} home`, exact: true });
const formBrand = (page: Page) => page.getByRole('link', { name: BRAND, exact: true });

for (const { path, heading, submit, ready } of pages) {
  test(`${path} fits a phone screen, without the navbar and footer, with a text brand link instead of the logo`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await ready(page);

    // No horizontal scrolling.
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The submit button is on screen horizontally and usable.
    const button = page.getByRole('button', { name: submit, exact: true });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    // Form layout: no navbar and no footer (whether left out or hidden), and a plain text brand link
    // leading home instead of the logo.
    await expect(navbar(page)).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(navbarBrand(page)).toBeHidden();
    await expect(footer(page)).toBeHidden();
    await expect(formBrand(page)).toBeVisible();
    await expect(formBrand(page)).toHaveAttribute('href', '/');
    await expect(formBrand(page).locator('svg, img')).toHaveCount(0);
  });
}

test('at 901px the navbar and footer come back, in the form variant of the navbar without the logo', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(navbar(page)).toBeHidden();
  await expect(footer(page)).toBeHidden();
  await expect(formBrand(page)).toBeVisible();

  await page.setViewportSize({ width: 901, height: 800 });
  await expect(navbar(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The navbar's home link shows the name without the logo; the form's own brand link steps aside.
  await expect(navbarBrand(page)).toBeVisible();
  await expect(navbarBrand(page).locator('svg, img')).toBeHidden();
  await expect(formBrand(page)).toBeHidden();
});

test('pages that are not form pages keep the navbar, with its logo, at phone width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(navbar(page)).toBeVisible();
  await expect(navbarBrand(page)).toBeVisible();
  await expect(navbarBrand(page).locator('svg, img').first()).toBeVisible();
  await expect(footer(page)).toBeVisible();
});
