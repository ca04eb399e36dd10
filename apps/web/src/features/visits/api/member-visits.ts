import type { MemberVisit, Page } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { visitKeys } from './keys';

/** GET /api/admin/users/:id/visits?page= → a page of a member's visits for the console, newest first. */
export const useMemberVisits = (userId: string, page: number) =>
  useQuery({
    queryKey: visitKeys.ofMember(userId, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<MemberVisit>>(`/api/admin/users/${encodeURIComponent(userId)}/visits?page=${page}`, { signal }),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
