import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/helpers';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

const headings = () => [...document.querySelectorAll('.legal__body h2')].map((h) => h.textContent);
const text = () => document.querySelector('.legal')!.textContent.replace(/\s+/g, ' ');

describe('legal pages', { timeout: 20_000 }, () => {
  it('Terms and Conditions: 911 notice first, every section, every constant of the terms (docs/product.md, Constants)', () => {
    renderAt('/terms-of-service', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and Conditions');
    expect(screen.getByText('October 2025')).toBeInTheDocument();
    const first = document.querySelector('.legal > :nth-child(2)')!;
    expect(first.textContent).toMatch(/call 911/);
    expect(headings()).toEqual([
      'Medical consultations',
      '1. Use of site',
      '2. Eligibility',
      '3. Electronic medical record',
      '4. Payments and refunds',
      '5. Site control',
      '6. Legal notices',
      '7. Payment authorization and cancellation',
      '8. Disclaimer',
      '9. Indemnity',
      '10. Dispute resolution',
      '11. Force majeure',
      '12. Notices',
      '13. Entire agreement',
      '14. SMS terms',
      'Contact information',
    ]);
    const all = text();
    expect(all).toMatch(/not a medical provider/);
    expect(all).toMatch(/archived for 7 years/);
    expect(all).toMatch(/at least 30 days before your next renewal date/);
    expect(all).toMatch(/cannot be cancelled within 60 days of purchase/);
    expect(all).toMatch(/Individual Monthly 90 days, Family Monthly 60 days/);
    expect(all).toMatch(/There is no early cancellation fee/);
    expect(all).toMatch(/choose “Cancel membership” on your profile/);
    expect(all).toMatch(/only to people located in the United States/);
    expect(all).toMatch(/next full billing cycle/);
    expect(all).toMatch(/sole discretion/);
    expect(all).toMatch(/arbitration/);
    expect(all).toMatch(/laws of the State of California/);
    expect(all).toMatch(/STOP/);
    expect(all).toMatch(/HELP/);
    const contact = document.getElementById('contact')!;
    expect(contact.querySelector('address')?.textContent).toMatch(/Saint Louis/);
    expect(contact.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(contact.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(contact.querySelector('a[href="/contact"]')).not.toBeNull();
  });

  it('Privacy Policy: every topic, 18+, AES-256 at rest and TLS 1.2+ in transit, STOP/START/HELP', () => {
    renderAt('/privacy-policy', <PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(screen.getByText('October 2025')).toBeInTheDocument();
    expect(headings()).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. How we share information',
      '4. Security',
      '5. Retention',
      '6. Your rights and choices',
      '7. Children under 18',
      '8. International transfers',
      '9. SMS terms',
      '10. Changes to this policy',
      '11. Contact us',
    ]);
    const all = text();
    expect(all).toMatch(/AES-256/);
    expect(all).toMatch(/TLS 1\.2 or higher/);
    expect(all).toMatch(/at least 18 years old/);
    for (const keyword of ['STOP', 'START', 'HELP']) expect(all).toContain(`Reply ${keyword}`);
    expect(document.getElementById('contact')!.querySelector('a[href="/contact"]')).not.toBeNull();
  });
});
