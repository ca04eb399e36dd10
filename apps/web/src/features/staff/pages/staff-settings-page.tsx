import { messages } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsoleSection } from '../../../components/layout/console-section';
import { Card, LoadError, Spinner } from '../../../components/ui';
import { useSession } from '../../auth';
import { getAdmins, staffKeys } from '../api/staff';
import { AccountAccess } from '../components/account-access';
import { InviteAdminForm } from '../components/invite-admin-form';

/** /admin/settings: the admins, each disabled or re-enabled with a reason, and the invitation of a new admin. */
export default function StaffSettingsPage() {
  const queryClient = useQueryClient();
  const session = useSession();
  const admins = useQuery({ queryKey: staffKeys.admins, queryFn: ({ signal }) => getAdmins(signal) });

  return (
    <ConsoleSection title="Settings" intro="The people who run the console. The last enabled admin can never be disabled or demoted.">
      <Card title="Admins" level={2} headingId="admins-title">
        {admins.isPending && <Spinner label="Loading the admins…" />}
        {admins.isError && <LoadError error={admins.error} fallback={messages.staffLoadFailed} onRetry={() => void admins.refetch()} />}
        {admins.data && (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Admin</th>
                  <th scope="col">Access</th>
                </tr>
              </thead>
              <tbody>
                {admins.data.admins.map((admin) => (
                  <tr key={admin.id}>
                    <td data-label="Admin">
                      <strong>{admin.fullName || admin.email}</strong>
                      {admin.fullName && <div className="muted">{admin.email}</div>}
                    </td>
                    <td data-label="Access">
                      {admin.id === session.user?.id ? (
                        <span className="muted">You</span>
                      ) : (
                        <AccountAccess
                          user={admin}
                          idPrefix={`admin-${admin.id}`}
                          onChanged={() => void queryClient.invalidateQueries({ queryKey: staffKeys.admins })}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <InviteAdminForm />
    </ConsoleSection>
  );
}
