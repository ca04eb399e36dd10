import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from '../fixtures/a11y';
import { pauseCarousel, showHydrated, showPlanCards } from '../fixtures/home';
import { expect, layOutEverySection, test } from '../fixtures/site';

/**
 * The public content pages: the home page (carousel, plans, FAQ), the service pages, the articles and
 * the legal pages, their prerendered HTML, and an accessibility scan of every public route.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

const services = [
  { path: '/services/urgent-care', price: 49, title: 'Urgent Care' },
  { path: '/services/primary-care', price: 75, title: 'Primary Care' },
  { path: '/services/womens-health', price: 65, title: "Women's Health" },
  { path: '/services/pediatric-care', price: 55, title: 'Pediatric Care' },
];
const tips = [
  { path: '/tips/caregiver-support', cta: 'Book a Visit' },
  { path: '/tips/first-visit', cta: 'Start a Visit' },
  { path: '/tips/preventive-care', cta: 'Book a Visit' },
];
const publicRoutes = [
  '/',
  ...services.map((s) => s.path),
  ...tips.map((t) => t.path),
  '/terms-of-service',
  '/privacy-policy',
  '/careers',
  '/contact',
  '/consult',
  '/login',
];

/** The page has been taken over by React (the hero says which motion it uses) and the country check is done. */
async function homeReady(page: Page) {
  await expect(page.locator('#home')).toHaveAttribute('data-motion', /^(full|reduced)$/);
  await expect(page.getByText(messages.geoChecking)).toHaveCount(0);
}

/** Collects React errors (hydration mismatches are reported as console errors). */
function reactErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /React|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const currentSlide = (page: Page) => page.getByRole('group', { name: /^\d+ of 11$/ });

test.describe('the hero carousel', () => {
  test('advances every 7 s and wraps around after the 11th slide', async ({ page }) => {
    const errors = reactErrors(page);
    await page.clock.install();
    await page.goto('/');
    await homeReady(page);
    // The page's clock runs until paused, and a pause must lie ahead of it: a second ahead, since on a busy
    // host more than 100 ms can pass between reading the page's time and pausing. A slow start may already
    // have moved the carousel on, so the checks count from the slide it shows once paused.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const label = (slide: number) => `${((slide - 1) % 11) + 1} of 11`;
    const first = Number((await currentSlide(page).getAttribute('aria-label'))?.split(' of ')[0]);
    expect(first).toBeGreaterThanOrEqual(1);

    await page.clock.runFor(7000);
    const second = (first % 11) + 1;
    await expect(currentSlide(page)).toHaveAttribute('aria-label', label(second));
    if (second < 11) await page.clock.runFor((11 - second) * 7000);
    await expect(currentSlide(page)).toHaveAttribute('aria-label', '11 of 11');
    await page.clock.runFor(7000);
    await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 of 11');
    await expect(currentSlide(page)).toContainText('Urgent care response in under 20 minutes');
    await page.clock.runFor(7000);
    await expect(currentSlide(page)).toHaveAttribute('aria-label', '2 of 11');
    await expect(currentSlide(page)).toContainText('Transparent pricing');
    await expect(currentSlide(page).getByRole('img')).toHaveAttribute('alt', /price tag/);

    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 of 11');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(currentSlide(page)).toHaveAttribute('aria-label', '11 of 11');
    await expect(page.locator('.ticker')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('under reduced motion is a static list, and the ticker is hidden', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await homeReady(page);
    const list = page.getByRole('list', { name: 'What CareConnect 24/7 offers' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0);
    await expect(page.locator('.ticker')).toHaveCount(0);
  });

  test('under reduced motion, the prerendered page shows the static list before any script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'What CareConnect 24/7 offers' })).toBeVisible();
    await expect(page.locator('.carousel')).toBeHidden();
    await expect(page.locator('.ticker')).toBeHidden();
    await context.close();
  });
});

test('text is set in Inter, which the site serves itself', async ({ page, context }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts) expect(url.startsWith(`${origin}/assets/`)).toBe(true);
  // The font the browser actually drew the heading with (not only the one the CSS asks for), on a
  // page load that finds the font in the cache ('optional' lets a first load without it keep the
  // system font).
  await page.reload();
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
  const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(used.map((font) => font.familyName)).toEqual(['Inter']);
});

test('the home page is prerendered: content, title, description and FAQ structured data come with the HTML', async ({ request }) => {
  const response = await request.get('/');
  const html = await response.text();
  expect(html).toContain('data-prerendered="/"');
  expect(html).toContain('Services We Provide');
  expect(html).toContain('Plans Designed For Every Stage Of Care');
  expect(html).toMatch(/<title>[^<]*CareConnect 24\/7<\/title>/);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  const ld = /<script type="application\/ld\+json" data-ld="faq">([^<]*)<\/script>/.exec(html);
  expect(JSON.parse(ld![1]!)).toMatchObject({ '@type': 'FAQPage' });
  expect((JSON.parse(ld![1]!) as { mainEntity: unknown[] }).mainEntity).toHaveLength(4);
  // One inline script, the loader that starts the app after the first paint, allowed by its hash
  // alone: the content security policy blocks every other.
  const inlineScripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([^<]*)<\/script>/g)].map((match) => match[1]!);
  expect(inlineScripts).toHaveLength(1);
  const hash = createHash('sha256').update(inlineScripts[0]!).digest('base64');
  const policy = response.headers()['content-security-policy']!;
  const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src '));
  expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
});

test('the home page preloads the font its stylesheet loads, fetched once; other pages leave it to the stylesheet', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map(
    (match) => match[1],
  );
  expect(preloads).toHaveLength(1);
  expect(html).toContain(`url(${preloads[0]})`);
  // A preload the stylesheet cannot use (another address, or a request without CORS) costs a second download.
  const fontRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('.woff2')) fontRequests.push(sent.url());
  });
  await page.goto('/');
  await homeReady(page);
  await expect.poll(() => page.evaluate(() => document.fonts.check('800 16px Inter'))).toBe(true);
  expect(fontRequests).toHaveLength(1);
  for (const path of ['/consult', '/login', '/services/urgent-care'])
    expect(await (await request.get(path)).text(), path).not.toContain('rel="preload"');
});

test('every public route has a prerendered page in the build', () => {
  for (const route of publicRoutes) {
    const file = route === '/' ? `${dist}index.html` : `${dist}${route.slice(1)}/index.html`;
    expect(existsSync(file), file).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html, route).toContain(`data-prerendered="${route}"`);
    expect(html, route).toMatch(/<title>[^<]+<\/title>/);
  }
  expect(readFileSync(`${dist}app.html`, 'utf8')).toContain('<div id="root"></div>');
});

/**
 * Where each element of the page is and how it is painted (the colours, backgrounds, borders, shadows,
 * type and visibility of it and its pseudo-elements), a line of text each, with animations held at
 * their start. Taken with every section laid out (layOutEverySection).
 */
function computedStyles() {
  for (const animation of document.getAnimations()) {
    animation.pause();
    animation.currentTime = 0;
  }
  const painted = [
    'display',
    'visibility',
    'opacity',
    'color',
    'background-color',
    'background-image',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
    'border-radius',
    'box-shadow',
    'outline',
    'font-family',
    'font-size',
    'font-weight',
    'line-height',
    'letter-spacing',
    'text-transform',
    'text-decoration-line',
    'transform',
    'filter',
    'clip-path',
    'content',
    'width',
    'height',
  ];
  return Array.from(document.body.querySelectorAll('*')).map((element) => {
    const box = element.getBoundingClientRect();
    const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    const styles = [null, '::before', '::after'].map((pseudo) => {
      const style = getComputedStyle(element, pseudo);
      return painted.map((property) => `${pseudo ?? ''}${property}:${style.getPropertyValue(property)}`).join(';');
    });
    return `${name} box:${box.x},${box.y},${box.width},${box.height};${styles.join(';')}`;
  });
}

test.describe('a prerendered page with only the rules its markup uses', () => {
  // Without its script the page stays as it was prerendered, styled by its inlined rules alone.
  test.use({ javaScriptEnabled: false });

  test('looks exactly as it does with the whole stylesheet, on a phone and on a desktop', async ({ context }) => {
    test.slow();
    // Both renderings in the fallback font: the font is display: optional, so on a busy host the
    // inlined face can miss its moment while the whole stylesheet's copy of it loads from the cache,
    // and text set in two fonts is laid out differently.
    await context.route('**/*.woff2', (route) => route.abort());
    // A page of its own: the fixture's page waits for the app to start, which it does not here.
    const page = await context.newPage();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      for (const route of publicRoutes) {
        await page.goto(route, { waitUntil: 'load' });
        await layOutEverySection(page);
        const inlinedOnly = await page.evaluate(computedStyles);
        const wholeStylesheet = page.locator('link[data-site-styles]');
        await wholeStylesheet.evaluate((link: HTMLLinkElement) => (link.disabled = false));
        // Polled from here: with scripting off, the page runs no listener of its own.
        await expect.poll(() => wholeStylesheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
        const whole = await page.evaluate(computedStyles);
        expect(whole.length, route).toBe(inlinedOnly.length);
        const differing = inlinedOnly.flatMap((line, i) => (line === whole[i] ? [] : [differences(line, whole[i]!)]));
        expect(differing, `${route} at ${viewport.width} px`).toEqual([]);
      }
    }
  });
});

test('the app applies the whole stylesheet as it starts, fetched only after the first paint', async ({ page }) => {
  await page.goto('/');
  await homeReady(page);
  const timing = await page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>('link[data-site-styles]');
    const fetched = performance.getEntriesByType('resource').find((entry) => entry.name === link?.href);
    return {
      disabled: link?.disabled,
      loaded: Boolean(link?.sheet),
      fetchedAt: fetched?.startTime,
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    };
  });
  expect(timing).toMatchObject({ disabled: false, loaded: true });
  expect(timing.fetchedAt).toBeGreaterThan(timing.paintedAt!);
});

/** The properties two lines of computedStyles() give different values, named by the element. */
function differences(inlinedOnly: string, whole: string) {
  const [name, declarations] = [inlinedOnly.slice(0, inlinedOnly.indexOf(' ')), inlinedOnly.slice(inlinedOnly.indexOf(' ') + 1)];
  const wholeValues = new Set(whole.slice(whole.indexOf(' ') + 1).split(';'));
  return `${name}: ${declarations
    .split(';')
    .filter((declaration) => !wholeValues.has(declaration))
    .join('; ')}`;
}

test('the server answers a public route with its prerendered page', async ({ request }) => {
  for (const path of ['/services/primary-care', '/services/primary-care/', '/tips/first-visit?ref=mail']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path.split('?')[0]!.replace(/\/$/, '')}"`);
  }
  expect(await (await request.get('/services/primary-care')).text()).toContain('Start Consultation - $75');
});

test('an address with no prerendered page gets the plain app shell, not the home page', async ({ request }) => {
  const html = await (await request.get('/profile')).text();
  expect(html).not.toContain('data-prerendered="/"');
  expect(html).toContain('<div id="root"></div>');
});

test.describe('the FAQ', () => {
  test('opens the entry named in the address and scrolls it into view', async ({ page }) => {
    await page.goto('/#faq-insurance');
    await homeReady(page);
    const question = page.getByRole('button', { name: 'Do you accept insurance?' });
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Do you accept insurance?' })).toBeVisible();
    await expect(question).toBeInViewport();
    await expect(page.locator('.faq__item[data-open]')).toHaveCount(1);
  });

  test('keeps one entry open at a time; clicking the open one closes it', async ({ page }) => {
    await page.goto('/');
    await homeReady(page);
    const speed = page.getByRole('button', { name: 'How quickly can I see a doctor?' });
    // The sections below the fold fetch their code as they come near the screen: let it arrive and start.
    await showHydrated(speed);
    const fees = page.getByRole('button', { name: 'What are the fees?' });
    await speed.click();
    await expect(speed).toHaveAttribute('aria-expanded', 'true');
    await fees.click();
    await expect(fees).toHaveAttribute('aria-expanded', 'true');
    await expect(speed).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'What are the fees?' })).toContainText('$29.99');
    await fees.click();
    await expect(page.locator('.faq__item[data-open]')).toHaveCount(0);
  });
});

test('Choose stores the plan and leads to sign-up with that plan selected', async ({ page }) => {
  await page.goto('/');
  await homeReady(page);
  await showPlanCards(page);
  const family = page.locator('.plan-tile[data-plan="familyMonthly"]');
  await expect(family.locator('s')).toContainText('$59.99');
  await expect(family.locator('.plan-tile__amount')).toHaveText('$49.99');
  await expect(family.getByText('Limited offer*')).toBeVisible();
  await page.getByRole('link', { name: 'Choose Family Monthly' }).click();
  await expect(page).toHaveURL(/\/consult$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBe('familyMonthly');
  await expect(page.getByRole('radio', { name: 'Family Monthly' })).toBeChecked();
});

/** What a public route offers beyond the frame: a service's price and call to action, an article's, the legal text. */
async function expectRouteContent(page: Page, route: string) {
  const service = services.find((candidate) => candidate.path === route);
  if (service) {
    await expect(page.getByRole('heading', { level: 2, name: `Why Choose Virtual ${service.title}?` })).toBeVisible();
    const buttons = page.getByRole('link', { name: `Start Consultation - $${service.price}` });
    await expect(buttons).toHaveCount(2);
    await expect(buttons.first()).toHaveAttribute('href', '/consult');
    await expect(page.getByRole('heading', { level: 2, name: 'Conditions We Treat' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to Get Started?' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Virtual ${service.title}`));
    const ld = await page.locator('head script[type="application/ld+json"][data-ld="service"]').textContent();
    expect((JSON.parse(ld!) as { mainEntity: { offers: unknown } }).mainEntity.offers).toMatchObject({
      price: service.price.toFixed(2),
      priceCurrency: 'USD',
    });
  }
  const tip = tips.find((candidate) => candidate.path === route);
  if (tip) {
    await expect(page.getByText(/^[34] min read$/)).toBeVisible();
    await expect(page.getByRole('link', { name: tip.cta, exact: true }).last()).toHaveAttribute('href', '/consult');
  }
  if (route === '/terms-of-service') {
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('October 2025').first()).toBeVisible();
    const notice = page.locator('.legal__notice');
    await expect(notice).toHaveAttribute('role', 'note');
    await expect(notice).toContainText('call 911');
    await expect(page.getByRole('heading', { level: 2, name: '14. SMS terms' })).toBeVisible();
  }
  if (route === '/privacy-policy') {
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(/AES-256/).first()).toBeVisible();
  }
}

// One page load per route: its content, then axe. The sign-up and sign-in pages are checked in
// a11y.spec.ts, once their forms have settled. The page fixture fails a test whose pages broke the content
// security policy: waiting for the network to settle lets each page load all it loads first.
for (const route of publicRoutes.filter((path) => path !== '/consult' && path !== '/login')) {
  test(`${route} shows its content without a React error, has no WCAG 2 A/AA violations and keeps the content security policy`, async ({
    page,
  }) => {
    const errors = reactErrors(page);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(messages.geoChecking)).toHaveCount(0);
    await expectRouteContent(page, route);
    if (route === '/') {
      await pauseCarousel(page);
      await showPlanCards(page);
    }
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}
