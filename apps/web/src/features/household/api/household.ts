import type { AdminHousehold, HouseholdAnswer, InvitationSignup, NewChild } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';

/** The query keys of the household's answers: all under ['household']. */
export const householdKeys = {
  mine: ['household', 'mine'] as const,
  /** Members' households as the console reads them. */
  members: ['household', 'member'] as const,
  ofMember: (userId: string) => ['household', 'member', userId] as const,
};

interface MessageAnswer {
  message: string;
}

/** GET /api/household → the signed-in person's household (themselves alone outside a family membership). */
export const useHousehold = () =>
  useQuery({
    queryKey: householdKeys.mine,
    queryFn: ({ signal }) => apiRequest<HouseholdAnswer>('/api/household', { signal }),
    ...ownAnswerOptions,
  });

/** GET /api/admin/users/:id/household → a member's household for the console: its holder and everyone in it. */
export const useMemberHousehold = (userId: string) =>
  useQuery({
    queryKey: householdKeys.ofMember(userId),
    queryFn: ({ signal }) => apiRequest<AdminHousehold>(`/api/admin/users/${encodeURIComponent(userId)}/household`, { signal }),
  });

/** A change of the household whose answer is a message; the family card reads the household again after it. */
function useHouseholdChange<T>(send: (input: T) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.mine }),
  });
}

/** POST /api/household/children → "Add a child". */
export const useAddChild = () =>
  useHouseholdChange((child: NewChild) => apiRequest<MessageAnswer>('/api/household/children', { method: 'POST', body: child }));

/** POST /api/household/invitations, or …/people/:id/invitation for a child who turned 18 → the invitation mailed. */
export const useInvite = () =>
  useHouseholdChange(({ email, personId }: { email: string; personId?: string }) =>
    apiRequest<MessageAnswer>(personId ? `/api/household/people/${personId}/invitation` : '/api/household/invitations', {
      method: 'POST',
      body: { email },
    }),
  );

/** DELETE /api/household/people/:id → the holder removes someone. */
export const useRemovePerson = () =>
  useHouseholdChange((personId: string) => apiRequest<MessageAnswer>(`/api/household/people/${personId}`, { method: 'DELETE' }));

/** DELETE /api/household/invitations/:id → an invitation withdrawn. */
export const useCancelInvitation = () =>
  useHouseholdChange((invitationId: string) =>
    apiRequest<MessageAnswer>(`/api/household/invitations/${invitationId}`, { method: 'DELETE' }),
  );

/** POST /api/household/leave → an invited adult leaves the family. */
export const useLeaveHousehold = () => useHouseholdChange(() => apiRequest<MessageAnswer>('/api/household/leave', { method: 'POST' }));

/** POST /api/household/invitation/read → who invites, and the address the link is for. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['household', 'invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<{ holderName: string; email: string }>('/api/household/invitation/read', {
        method: 'POST',
        body: { token },
        signal,
        quiet: true,
      }),
    retry: false,
    ...ownAnswerOptions,
  });

/** POST /api/household/invitation/accept → the signed-in account joins the family. */
export const useAcceptInvitation = () =>
  useHouseholdChange((token: string) => apiRequest<MessageAnswer>('/api/household/invitation/accept', { method: 'POST', body: { token } }));

/** POST /api/household/invitation/sign-up → a login made through the link, in the family. */
export const useSignUpThroughInvitation = () =>
  useMutation({
    mutationFn: (input: InvitationSignup) =>
      apiRequest<MessageAnswer>('/api/household/invitation/sign-up', { method: 'POST', body: input }),
  });
