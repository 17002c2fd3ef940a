// Team management calls: the team, its members and pending invites (stats §7, the teams contract).
import { notifications } from '@mantine/notifications';
import {
  ADMIN_ROLE,
  type InviteAttributes,
  type MemberAttributes,
  type TeamAttributes,
  type TeamPatch,
  teamEndpoints,
} from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleErrorStatus, isApiError } from '../../api/client';
import { call } from '../../api/endpoint';
import { isSilentError, showErrorToast } from '../../api/errorToast';
import { queryKeys } from '../../session/queryKeys';
import { actionKeys } from '../balance/api';

/**
 * A change whose 422 (the last admin, removing yourself, a team without a domain) is a message for the toast,
 * not the missing-permissions page the client sends other 422s to; 401 and 503 still redirect as usual.
 */
async function change<D>(send: (options: { redirectOnStatus: false }) => Promise<D>): Promise<D> {
  try {
    return await send({ redirectOnStatus: false });
  } catch (error) {
    if (isApiError(error) && error.status !== 422) handleErrorStatus(error, 'team management');
    throw error;
  }
}

export type {
  InviteAttributes,
  LicenseBy,
  MemberAttributes,
  TeamAttributes,
  TeamPatch,
} from '@meetwell/domain';

export interface Team extends TeamAttributes {
  id: string;
}

export interface Member extends MemberAttributes {
  id: string;
}

export interface Invite extends InviteAttributes {
  id: string;
}

export type RoleValue = typeof ADMIN_ROLE | 'user';

const teamKeys = {
  team: (teamId: string) => ['teams', teamId] as const,
  members: (teamId: string) => ['teams', teamId, 'members'] as const,
  invites: ['invites'] as const,
};

function flatten<A>(resource: { id: string; attributes: A }): A & { id: string } {
  return { ...resource.attributes, id: String(resource.id) };
}

function list<A>(data: { id: string; attributes: A }[]): (A & { id: string })[] {
  return data.map(flatten);
}

// ---------------------------------------------------------------------------------------------------------
// The team

export function useTeam(teamId: string) {
  return useQuery({
    queryKey: teamKeys.team(teamId),
    queryFn: async () => {
      const doc = await call(teamEndpoints.show, { params: { id: teamId } });
      return flatten(doc.data);
    },
  });
}

/** PATCH teams/:id; the answer replaces the cached team, and the user's company (name, license_by) reloads. */
export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: TeamPatch) => {
      const doc = await change((options) =>
        call(teamEndpoints.update, {
          params: { id: teamId },
          body: { data: { type: 'teams', attributes: patch } },
          ...options,
        }),
      );
      return flatten(doc.data);
    },
    onSuccess: (team, patch) => {
      queryClient.setQueryData(teamKeys.team(teamId), team);
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
      const doc = await call(teamEndpoints.members, { params: { id: teamId } });
      return list(doc.data);
    },
  });
}

export function useChangeRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: RoleValue }) =>
      change((options) =>
        call(teamEndpoints.changeRole, {
          params: { id: teamId, memberId: member.id },
          body: { data: { type: 'memberships', attributes: { role } } },
          ...options,
        }),
      ),
    onSuccess: (_doc, { member, role }) => {
      notifications.show({
        color: 'success',
        message: `${member.name || member.email} is now ${role === ADMIN_ROLE ? 'an Admin' : 'a User'}.`,
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
        call(teamEndpoints.removeMember, { params: { id: teamId, memberId: member.id }, ...options }),
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
      const doc = await call(teamEndpoints.invites);
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
          await change((options) =>
            call(teamEndpoints.invite, {
              body: { data: { type: 'invites', attributes: { email } } },
              ...options,
            }),
          );
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
      change((options) => call(teamEndpoints.cancelInvite, { params: { id: invite.id }, ...options })),
    onSuccess: (_doc, invite) => {
      notifications.show({ color: 'success', message: `The invite to ${invite.email} was cancelled.` });
      return queryClient.invalidateQueries({ queryKey: teamKeys.invites });
    },
  });
}
