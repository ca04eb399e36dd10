import { BRAND_DEFAULTS } from '@app/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the brand on the pages', () => {
  it('comes from BRAND_NAME, SUPPORT_PHONE, SUPPORT_EMAIL and HQ_ADDRESS at build time: the same settings as the e-mails', async () => {
    vi.stubEnv('BRAND_NAME', 'Acme Health');
    vi.stubEnv('SUPPORT_PHONE', '+1 (212) 555-0100');
    vi.stubEnv('SUPPORT_EMAIL', 'help@acme-health.example');
    vi.stubEnv('HQ_ADDRESS', 'Albany, New York, USA');
    vi.resetModules();
    const { brand } = await import('./brand');
    expect(brand).toMatchObject({
      name: 'Acme Health',
      supportPhone: '+1 (212) 555-0100',
      supportPhoneHref: 'tel:+12125550100',
      supportEmail: 'help@acme-health.example',
      headquarters: 'Albany, New York, USA',
    });
    // A page built with them names the brand everywhere it would have named the default.
    const { Footer } = await import('../app/layouts/footer');
    const { container } = render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(/Acme Health/).length).toBeGreaterThan(0);
    expect(screen.getByText('Albany, New York, USA')).toBeInTheDocument();
    expect(container.textContent).not.toContain(BRAND_DEFAULTS.name);
  });

  it('is the shared default when nothing is set', async () => {
    const { brand } = await import('./brand');
    expect(brand).toMatchObject({
      name: BRAND_DEFAULTS.name,
      supportPhone: BRAND_DEFAULTS.supportPhone,
      supportEmail: BRAND_DEFAULTS.supportEmail,
      headquarters: BRAND_DEFAULTS.headquarters,
    });
  });
});
