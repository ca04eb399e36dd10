import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brand } from '../../../lib/brand';
import { renderAt } from '../../../test/helpers';
import CareersPage from './careers-page';

describe('the careers page', () => {
  it('lists the open roles and how to apply by e-mail', () => {
    renderAt('/careers', <CareersPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const roles = screen.getByRole('heading', { name: 'Open roles' }).closest('section')!;
    for (const role of ['Telehealth Physician', 'Nurse Care Coordinator', 'Patient Support Specialist', 'Full-stack Engineer']) {
      expect(within(roles).getByRole('heading', { name: role })).toBeInTheDocument();
      const apply = within(roles).getByRole('link', { name: `Apply for ${role}` });
      expect(apply.getAttribute('href')).toBe(`mailto:${brand.careersEmail}?subject=${encodeURIComponent(`Application: ${role}`)}`);
    }
    expect(screen.getByRole('link', { name: brand.careersEmail }).getAttribute('href')).toBe(`mailto:${brand.careersEmail}`);
  });
});
