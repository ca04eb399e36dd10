import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt, testPlans } from '../../test/helpers';
import HomePage from './home-page';
import { CAROUSEL_INTERVAL_MS } from './components/hero-carousel';
import { HeroSection } from './components/hero-section';
import { FaqSection } from './components/faq-section';
import { PlansSection } from './components/plans-section';
import { heroSlides, tickerMessages } from './content';
import { FAQ_STRUCTURED_COUNT, faqs } from './content-more';

function reduceMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const visibleSlide = () => screen.getByRole('group', { name: /of 11$/ });
const slideTitle = () => within(visibleSlide()).getByText((_, el) => el?.className === 'carousel__title').textContent;

describe('hero carousel', () => {
  it('shows the 11 slides one at a time, advancing every 7 s and wrapping around', () => {
    vi.useFakeTimers();
    renderAt('/', <HeroSection lockScroll={false} />);
    expect(CAROUSEL_INTERVAL_MS).toBe(7000);
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 11');
    expect(slideTitle()).toBe(heroSlides[0]!.title);
    expect(within(visibleSlide()).getByRole('img').getAttribute('alt')).toBe(heroSlides[0]!.alt);

    act(() => void vi.advanceTimersByTime(6999));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 11');
    act(() => void vi.advanceTimersByTime(1));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 11');
    expect(slideTitle()).toBe(heroSlides[1]!.title);

    act(() => void vi.advanceTimersByTime(9 * 7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('11 of 11');
    act(() => void vi.advanceTimersByTime(7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 11');
  });

  it('has Previous and Next buttons that wrap, and a Pause button that stops the rotation', () => {
    vi.useFakeTimers();
    renderAt('/', <HeroSection lockScroll={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide().getAttribute('aria-label')).toBe('11 of 11');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 11');
    // Focus left the carousel (the buttons were clicked, not focused, in the test DOM): it still rotates.
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides and ticker' }));
    act(() => void vi.advanceTimersByTime(3 * 7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 11');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides and ticker' }));
    act(() => void vi.advanceTimersByTime(7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('3 of 11');
  });

  it('pauses while hovered', () => {
    vi.useFakeTimers();
    renderAt('/', <HeroSection lockScroll={false} />);
    const carousel = screen.getByRole('region', { name: 'What CareConnect 24/7 offers' });
    fireEvent.mouseEnter(carousel);
    act(() => void vi.advanceTimersByTime(3 * 7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 11');
    fireEvent.mouseLeave(carousel);
    act(() => void vi.advanceTimersByTime(7000));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 11');
  });

  it('does not rotate, and shows no controls, with a single slide', () => {
    vi.useFakeTimers();
    renderAt('/', <HeroSection lockScroll={false} slides={heroSlides.slice(0, 1)} />);
    act(() => void vi.advanceTimersByTime(5 * 7000));
    expect(screen.getByRole('group', { name: '1 of 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it('under reduced motion shows a static list of the slides and hides the ticker', () => {
    vi.useFakeTimers();
    reduceMotion(true);
    const { container } = renderAt('/', <HeroSection lockScroll={false} />);
    const list = screen.getByRole('list', { name: 'What CareConnect 24/7 offers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    expect(within(list).getByText(`${heroSlides[5]!.title}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.queryByRole('group', { name: /of 11$/ })).toBeNull();
    expect(container.querySelector('.ticker')).toBeNull();
    expect(screen.queryByText(tickerMessages[1]!)).toBeNull();
    expect(container.querySelector('#home')?.getAttribute('data-motion')).toBe('reduced');
  });

  it('shows the ticker messages without reduced motion, prices as in the catalogue', () => {
    reduceMotion(false);
    const { container } = renderAt('/', <HeroSection lockScroll={false} />);
    expect(container.querySelector('.ticker')).not.toBeNull();
    expect(tickerMessages).toEqual([
      'Memberships from $29.99/mo',
      'Switch plans anytime with no hidden fees',
      '24/7 virtual care with same-day follow ups',
      'We are here for you wherever you are',
    ]);
    expect(screen.queryByRole('list', { name: 'What CareConnect 24/7 offers' })).toBeNull();
  });

  it('is the #home section with data-hero, a layout variant, and Start a Visit / Plans actions', () => {
    renderAt('/', <HeroSection lockScroll={false} />);
    const hero = document.getElementById('home')!;
    expect(hero.hasAttribute('data-hero')).toBe(true);
    expect(['a', 'b']).toContain(hero.getAttribute('data-variant'));
    expect(screen.getByRole('link', { name: 'Start a Visit' }).getAttribute('href')).toBe('/consult');
    expect(screen.getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('#plans');
  });

  it('sends a signed-in visitor to /profile from Start a Visit', () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com', verified: true }));
    window.sessionStorage.setItem('authToken', 'token');
    renderAt('/', <HeroSection lockScroll={false} />);
    expect(screen.getByRole('link', { name: 'Start a Visit' }).getAttribute('href')).toBe('/visits/new');
  });

  it('ignores wheel scrolling for 1.5 s after load, never the keyboard', () => {
    vi.useFakeTimers();
    renderAt('/', <HeroSection />);
    const wheel = () => {
      const event = new WheelEvent('wheel', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const key = () => {
      const event = new KeyboardEvent('keydown', { key: 'PageDown', cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(wheel()).toBe(true);
    expect(key()).toBe(false);
    act(() => void vi.advanceTimersByTime(1499));
    expect(wheel()).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(wheel()).toBe(false);
  });

  it('does not lock scrolling under reduced motion', () => {
    reduceMotion(true);
    renderAt('/', <HeroSection />);
    const event = new WheelEvent('wheel', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('FAQ', () => {
  function openFaqAt(url: string) {
    const router = createMemoryRouter([{ path: '/', element: <FaqSection /> }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return router;
  }
  const question = (id: string) => screen.getByRole('button', { name: faqs.find((f) => f.id === id)!.question });
  const expanded = (id: string) => question(id).getAttribute('aria-expanded') === 'true';

  it('has ten entries, one open at a time; clicking the open one closes it', () => {
    openFaqAt('/');
    expect(faqs).toHaveLength(10);
    expect(faqs.filter((f) => expanded(f.id))).toHaveLength(0);
    fireEvent.click(question('faq-speed'));
    expect(expanded('faq-speed')).toBe(true);
    expect(screen.getByRole('region', { name: faqs[0]!.question })).toBeInTheDocument();
    fireEvent.click(question('faq-fees'));
    expect(expanded('faq-fees')).toBe(true);
    expect(expanded('faq-speed')).toBe(false);
    expect(faqs.filter((f) => expanded(f.id))).toHaveLength(1);
    fireEvent.click(question('faq-fees'));
    expect(faqs.filter((f) => expanded(f.id))).toHaveLength(0);
  });

  it('opens the entry named by the address hash and scrolls it into view', () => {
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    openFaqAt('/#faq-insurance');
    expect(expanded('faq-insurance')).toBe(true);
    expect(faqs.filter((f) => expanded(f.id))).toHaveLength(1);
    expect(scrolled).toContain('faq-insurance');
    // A click still wins afterwards.
    fireEvent.click(question('faq-insurance'));
    expect(expanded('faq-insurance')).toBe(false);
  });

  it('ignores a hash that names no entry', () => {
    openFaqAt('/#faq');
    expect(faqs.filter((f) => expanded(f.id))).toHaveLength(0);
  });

  it('puts the first four entries in FAQPage structured data in the head', () => {
    openFaqAt('/');
    const script = document.head.querySelector('script[type="application/ld+json"][data-ld="faq"]');
    const data = JSON.parse(script!.textContent) as { '@type': string; mainEntity: { name: string }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(FAQ_STRUCTURED_COUNT).toBe(4);
    expect(data.mainEntity.map((q) => q.name)).toEqual(faqs.slice(0, 4).map((f) => f.question));
  });

  it('quotes only the catalogue prices', () => {
    const text = faqs.flatMap((f) => f.answer).join(' ');
    for (const price of text.match(/\$\d+(\.\d+)?/g) ?? []) expect(['$29.99', '$49.99', '$59.99']).toContain(price);
  });
});

/** Role queries are slow in the test DOM on a page this size; the Choose links are found by their text. */
const chooseLink = (title: string) =>
  screen.findByText((_, el) => el?.tagName === 'A' && el.textContent === `Choose ${title}`, undefined, { timeout: 5000 });

describe('plans section', () => {
  it('shows skeletons, then one card per plan with the listed price struck through and the discounted price', async () => {
    mockApi({ 'GET /api/plans': json(200, testPlans) });
    const { container } = renderAt('/', <PlansSection />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await chooseLink('Individual Monthly');
    const cards = container.querySelectorAll('.plan-tile');
    expect(cards).toHaveLength(3);
    const individual = container.querySelector('[data-plan="individualMonthly"]') as HTMLElement;
    expect(individual.querySelector('s')?.textContent).toContain('$39.99');
    expect(individual.querySelector('.plan-tile__amount')?.textContent).toBe('$29.99');
    expect(within(individual).getByText('Limited offer*')).toBeInTheDocument();
    expect(within(individual).getByText('/mo')).toBeInTheDocument();
    const visit = container.querySelector('[data-plan="oneTimeVisit"]') as HTMLElement;
    expect(visit.querySelector('s')?.textContent).toContain('$69.99');
    expect(visit.querySelector('.plan-tile__amount')?.textContent).toBe('$59.99');
    expect(within(visit).getByText('/visit')).toBeInTheDocument();
    expect([...cards].map((card) => card.getAttribute('data-accent'))).toEqual(['teal', 'blue', 'purple']);
    expect(screen.getByText(/\*Limited offer:/)).toBeInTheDocument();
  });

  it('Choose stores the plan id under selectedPlan and goes to /consult when signed out', async () => {
    mockApi({ 'GET /api/plans': json(200, testPlans) });
    renderAt('/', <PlansSection />);
    fireEvent.click(await chooseLink('Family Monthly'));
    expect(window.sessionStorage.getItem('selectedPlan')).toBe('familyMonthly');
    expect(await screen.findByText('stub /consult')).toBeInTheDocument();
  });

  it('Choose goes to /profile when signed in', async () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com', verified: true }));
    window.sessionStorage.setItem('authToken', 'token');
    mockApi({ 'GET /api/plans': json(200, testPlans), 'GET /api/users/me': json(200, {}) });
    renderAt('/', <PlansSection />);
    fireEvent.click(await chooseLink('One Time Visit'));
    expect(window.sessionStorage.getItem('selectedPlan')).toBe('oneTimeVisit');
    expect(await screen.findByText('stub /profile')).toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded, and retries', async () => {
    let calls = 0;
    mockApi({ 'GET /api/plans': () => (calls++ === 0 ? json(503, { message: 'down' }) : json(200, testPlans)) });
    renderAt('/', <PlansSection />);
    expect(await screen.findByText('We couldn’t load our plans just now.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await chooseLink('Individual Monthly')).toBeInTheDocument();
  });
});

// A big page: role queries in the test DOM are slow on a busy machine.
describe('home page', { timeout: 20_000 }, () => {
  it('has every section anchor of the home page (docs/product.md, Public site)', async () => {
    mockApi({ 'GET /api/plans': json(200, testPlans) });
    renderAt('/', <HomePage />);
    await chooseLink('Individual Monthly');
    // The sections after the plans come in their own chunk.
    await screen.findByText('Frequently asked questions', undefined, { timeout: 5000 });
    for (const id of [
      'home',
      'services',
      'primary-health-care',
      'womens-health',
      'kids-treatment',
      'plans',
      'about',
      'how',
      'testimonials',
      'why',
      'blog',
      'faq',
    ]) {
      expect(document.getElementById(id), `#${id}`).not.toBeNull();
    }
  });

  it('links only the services that have a page, and the three articles', async () => {
    mockApi({ 'GET /api/plans': json(200, testPlans) });
    renderAt('/', <HomePage />);
    await screen.findByText('Frequently asked questions', undefined, { timeout: 5000 });
    const services = document.getElementById('services')!;
    const learnMore = within(services).getAllByRole('link', { name: /Learn More/ });
    expect(learnMore.map((link) => link.getAttribute('href'))).toEqual([
      '/services/primary-care',
      '/services/womens-health',
      '/services/pediatric-care',
    ]);
    expect(
      within(services)
        .getAllByRole('listitem')
        .filter((li) => li.classList.contains('service-card')),
    ).toHaveLength(6);
    const blog = document.getElementById('blog')!;
    expect(
      within(blog)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/tips/caregiver-support', '/tips/first-visit', '/tips/preventive-care']);
    const how = document.getElementById('how')!;
    expect(within(how).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(
      within(how)
        .getByRole('link', { name: /Call to Book Now/ })
        .getAttribute('href'),
    ).toMatch(/^tel:\+1\d{10}$/);
    expect(within(document.getElementById('why')!).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(within(document.getElementById('testimonials')!).getAllByRole('figure')).toHaveLength(3);
    await chooseLink('Individual Monthly');
  });
});
