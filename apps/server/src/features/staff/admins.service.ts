import type { StaffAdmin } from '@app/shared';
import type { Database } from '../../db/client';
import { listAdmins } from './repository';

/** Every admin, enabled or not, as the Settings page lists them. */
export async function readAdmins(db: Database): Promise<StaffAdmin[]> {
  return (await listAdmins(db)).map((admin) => ({
    id: admin.id,
    email: admin.email,
    fullName: `${admin.firstName} ${admin.lastName}`.trim(),
    disabledAt: admin.disabledAt?.toISOString() ?? null,
  }));
}
