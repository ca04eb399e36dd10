import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/helpers';
import { consultationLabel, servicePages } from '../services';
import ServicePage from './service-page';

const expected = {
  'urgent-care': { price: 49, title: 'Urgent Care' },
  'primary-care': { price: 75, title: 'Primary Care' },
  'womens-health': { price: 65, title: "Women's Health" },
  'pediatric-care': { price: 55, title: 'Pediatric Care' },
} as const;

const links = (name: string) =>
  [...document.querySelectorAll('a')].filter((a) => a.textContent?.trim() === name).map((a) => a.getAttribute('href'));

describe('service pages', { timeout: 20_000 }, () => {
  it('come in four, at their prices (docs/product.md, Public site)', () => {
    expect(Object.fromEntries(servicePages.map((p) => [p.slug, { price: p.price, title: p.title }]))).toEqual(expected);
    expect(servicePages.map((p) => p.path)).toEqual([
      '/services/urgent-care',
      '/services/primary-care',
      '/services/womens-health',
      '/services/pediatric-care',
    ]);
  });

  for (const page of servicePages) {
    it(`${page.path}: five sections, 'Start Consultation - $${page.price}' to /consult, structured data with the price`, () => {
      renderAt(page.path, <ServicePage slug={page.slug} />);
      const label = `Start Consultation - $${page.price}`;
      expect(consultationLabel(page)).toBe(label);
      expect(links(label)).toEqual(['/consult', '/consult']);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(page.heading);
      expect(links('How It Works')).toEqual(['#how-it-works']);
      for (const heading of [`Why Choose Virtual ${page.title}?`, 'Conditions We Treat', 'How It Works', 'Ready to Get Started?']) {
        expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      }
      const steps = document.getElementById('how-it-works')!;
      expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
      expect(screen.getByText('A licensed physician is available in minutes, 24/7, 365 days a year.')).toBeInTheDocument();
      expect(screen.getAllByText(/call 911|Call 911/).length).toBeGreaterThan(0);

      const script = document.head.querySelector('script[type="application/ld+json"][data-ld="service"]');
      const data = JSON.parse(script!.textContent) as { '@type': string; mainEntity: { offers: { price: string; priceCurrency: string } } };
      expect(data['@type']).toBe('MedicalWebPage');
      expect(data.mainEntity.offers).toMatchObject({ price: page.price.toFixed(2), priceCurrency: 'USD' });
    });
  }

  it('urgent care promises a doctor within 15 minutes', () => {
    renderAt('/services/urgent-care', <ServicePage slug="urgent-care" />);
    expect(screen.getByText('A doctor within 15 minutes')).toBeInTheDocument();
  });

  it('sends a signed-in visitor to a request for this service', () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com', verified: true }));
    window.sessionStorage.setItem('authToken', 'token');
    renderAt('/services/womens-health', <ServicePage slug="womens-health" />);
    expect(links('Start Consultation - $65')).toEqual(['/visits/new?service=womens-health', '/visits/new?service=womens-health']);
  });

  it('removes its structured data when the page goes away', () => {
    const { unmount } = renderAt('/services/primary-care', <ServicePage slug="primary-care" />);
    expect(document.head.querySelector('script[data-ld="service"]')).not.toBeNull();
    unmount();
    expect(document.head.querySelector('script[data-ld="service"]')).toBeNull();
  });
});
