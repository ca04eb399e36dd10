import type { AdminClinician } from '@app/shared';
import { json, mockApi } from '../../../test/helpers';

/** A clinician as GET /api/admin/clinicians answers it. */
export function adminClinician(overrides: Partial<AdminClinician> = {}): AdminClinician {
  return {
    id: '6f1d2c3b-0000-4000-8000-000000000001',
    email: 'mary.seacole@example.com',
    firstName: 'Mary',
    lastName: 'Seacole',
    credentials: 'MD',
    npi: '1234567893',
    states: ['MO', 'IL'],
    onDuty: false,
    disabledAt: null,
    ...overrides,
  };
}

export const cliniciansAnswers = () => ({
  'GET /api/admin/clinicians': json(200, { clinicians: [adminClinician()] }),
});

/** A server answering the Clinicians tab with these fixtures, unless `handlers` say otherwise. */
export const cliniciansApi = (handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...cliniciansAnswers(), ...handlers });
