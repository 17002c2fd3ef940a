// Team management calls: the team, its members and pending invites (stats §7, the teams contract).
import { notifications } from '@mantine/notifications';
import {
  type InviteAttributes,
  inviteListDocument,
  type MemberAttributes,
  memberListDocument,
  type TeamAttributes,
  teamDocument,
} from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  handleErrorStatus,
  isApiError,
  type JsonApiDocument,
  type JsonApiResource,
  resourceBody,
} from '../../api/client';
import { isSilentError, showErrorToast } from '../../api/errorToast';
import { queryKeys } from '../../session/queryKeys';
import { actionKeys } from '../balance/api';

/**
 * A change whose 422 (the last admin, removing yourself, a team without a domain) is a message for the toast,
 * not the missing-permissions page the client sends other 422s to; 401 and 503 still redirect as usual.
 */
async function change<D>(
  send: (options: { redirectOnStatus: false }) => Promise<JsonApiDocument<D>>,
): Promise<JsonApiDocument<D>> {
  try {
    return await send({ redirectOnStatus: false });
  } catch (error) {
    if (isApiError(error) && error.status !== 422) handleErrorStatus(error, 'team management');
    throw error;
  }
}

export type LicenseBy = 'domain' | 'invite';

export type { InviteAttributes, MemberAttributes, TeamAttributes } from '@meetwell/domain';

export interface Team extends TeamAttributes {
  id: string;
}

export interface Member extends MemberAttributes {
  id: string;
}

export interface Invite extends InviteAttributes {
  id: string;
}

export type RoleValue = 'billing_admin' | 'user';

const teamKeys = {
  team: (teamId: string) => ['teams', teamId] as const,
  members: (teamId: string) => ['teams', teamId, 'members'] as const,
  invites: ['invites'] as const,
};

function flatten<A>(resource: JsonApiResource<A>): A & { id: string } {
  return { ...resource.attributes, id: String(resource.id) };
}

function list<A>(data: JsonApiResource<A>[] | null): (A & { id: string })[] {
  return (Array.isArray(data) ? data : []).map(flatten);
}

// ---------------------------------------------------------------------------------------------------------
// The team

export function useTeam(teamId: string) {
  return useQuery({
    queryKey: teamKeys.team(teamId),
    queryFn: async () => {
      const doc = await api.get(`/teams/${encodeURIComponent(teamId)}`, teamDocument);
      return flatten(doc.data);
    },
  });
}

export type TeamPatch = Partial<Pick<TeamAttributes, 'name' | 'license_by' | 'action_settings'>>;

/** PATCH teams/:id; the answer replaces the cached team, and the user's company (name, license_by) reloads. */
export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: TeamPatch) => {
      const doc = await change((options) =>
        api.patch<JsonApiResource<TeamAttributes> | null>(
          `/teams/${encodeURIComponent(teamId)}`,
          resourceBody('teams', patch),
          options,
        ),
      );
      return doc.data ? flatten(doc.data) : null;
    },
    onSuccess: (team, patch) => {
      if (team) queryClient.setQueryData(teamKeys.team(teamId), team);
      else void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) });
      if ('name' in patch || 'license_by' in patch) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      }
      if ('action_settings' in patch) {
        // Members without a setting of their own now follow the new default.
        void queryClient.invalidateQueries({ queryKey: queryKeys.userSettings });
        void queryClient.invalidateQueries({ queryKey: actionKeys.all });
      }
    },
  });
}

/** Refresh the cached team after a change made by another feature's form (the average salary). */
export function useRefreshTeam(teamId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId), exact: true });
}

// ---------------------------------------------------------------------------------------------------------
// Members

export function useMembers(teamId: string) {
  return useQuery({
    queryKey: teamKeys.members(teamId),
    queryFn: async () => {
      const doc = await api.get(`/teams/${encodeURIComponent(teamId)}/members`, memberListDocument);
      return list(doc.data);
    },
  });
}

export function useChangeRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: RoleValue }) =>
      change((options) =>
        api.patch(
          `/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(member.id)}`,
          resourceBody('memberships', { role }),
          options,
        ),
      ),
    onSuccess: (_doc, { member, role }) => {
      notifications.show({
        color: 'success',
        message: `${member.name || member.email} is now ${role === 'billing_admin' ? 'an Admin' : 'a User'}.`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) =>
      change((options) =>
        api.delete(`/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(member.id)}`, options),
      ),
    onSuccess: (_doc, member) => {
      notifications.show({
        color: 'success',
        message: `${member.name || member.email} was removed from the team.`,
      });
      void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) });
      return queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Invites

export function useInvites() {
  return useQuery({
    queryKey: teamKeys.invites,
    queryFn: async () => {
      const doc = await api.get('/invites', inviteListDocument);
      // Only pending invites are listed (stats §4).
      return list(doc.data).filter((invite) => !invite.accepted_at);
    },
  });
}

export interface InviteOutcome {
  invited: string[];
  /** Addresses not invited, to keep in the form for another try. */
  failed: string[];
  /** The server's word when the hour's or day's invites are used up (429): the form shows it. */
  limited: string | null;
}

/**
 * A plan without team management, or the invites of the hour or the day used up, refuses every address
 * alike: no use asking for the others.
 */
function stopsTheRest(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 403 || error.status === 401 || error.status === 429 || error.status === 0)
  );
}

/**
 * POST invites once per address, in order. Each refusal shows the server's message in the persistent error
 * toast (already a member, already invited, the plan gate); the pending list reloads when any went out.
 */
export function useSendInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (emails: string[]): Promise<InviteOutcome> => {
      const outcome: InviteOutcome = { invited: [], failed: [], limited: null };
      for (const [index, email] of emails.entries()) {
        try {
          await change((options) => api.post('/invites', resourceBody('invites', { email }), options));
          outcome.invited.push(email);
        } catch (error) {
          outcome.failed.push(email);
          if (isApiError(error) && error.status === 429) {
            outcome.limited = error.detail ?? 'Too many invites for now. Please try again later.';
          } else if (!isSilentError(error)) showErrorToast(error);
          if (stopsTheRest(error)) {
            outcome.failed.push(...emails.slice(index + 1));
            break;
          }
        }
      }
      return outcome;
    },
    onSuccess: (outcome) => {
      if (outcome.invited.length === 0) return;
      notifications.show({
        color: 'success',
        message:
          outcome.invited.length === 1
            ? `Invite sent to ${outcome.invited[0]}.`
            : `${outcome.invited.length} invites sent.`,
      });
      return queryClient.invalidateQueries({ queryKey: teamKeys.invites });
    },
  });
}

export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: Invite) =>
      change((options) => api.delete(`/invites/${encodeURIComponent(invite.id)}`, options)),
    onSuccess: (_doc, invite) => {
      notifications.show({ color: 'success', message: `The invite to ${invite.email} was cancelled.` });
      return queryClient.invalidateQueries({ queryKey: teamKeys.invites });
    },
  });
}
