import { analyticsAnswers } from '../../../features/analytics/test/fixtures';
import { cliniciansAnswers } from '../../../features/clinicians/test/fixtures';
import { expensesAnswers } from '../../../features/expenses/test/fixtures';
import { userAdminAnswers } from '../../../features/user-admin/test/fixtures';
import { json, mockApi } from '../../../test/helpers';

const adminMe = {
  user: { id: 'admin-1', email: 'boss@example.com', firstName: 'Bo', lastName: 'Ss', fullName: 'Bo Ss', roles: ['ROLE_ADMIN'] },
};

/** A signed-in admin's session and a server answering every dashboard call with the capabilities' fixtures, unless `handlers` say otherwise. */
export function dashboardApi(handlers: Parameters<typeof mockApi>[0] = {}) {
  window.sessionStorage.setItem('authToken', 'token');
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: adminMe.user.email, verified: true, roles: adminMe.user.roles }));
  return mockApi({
    'GET /api/admin/me': json(200, adminMe),
    ...userAdminAnswers(),
    ...analyticsAnswers(),
    ...expensesAnswers(),
    ...cliniciansAnswers(),
    ...handlers,
  });
}
