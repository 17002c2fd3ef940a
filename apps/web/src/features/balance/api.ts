import { notifications } from '@mantine/notifications';
// The Balance screen's calls: settings, the VIP and domain lists, actions and possible Wellness blocks.
import {
  type ActionAttributes,
  type ActionSettings,
  actionEndpoints,
  autoBalanceEndpoints,
  type companyListsDocument,
  type EvaluationSettings,
  jobFailureEndpoints,
  meetingEndpoints,
  type PossibleBlockAttributes,
  reportEndpointOf,
  settingsEndpoints,
  type UserSettingsPatch,
  type userDocument,
  userEndpoints,
  type userSettingsDocument,
  wellnessBlockEndpoints,
} from '@meetwell/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceBody } from '../../api/client';
import { call } from '../../api/endpoint';
import { queryKeys } from '../../session/queryKeys';
import { toCurrentUser } from '../../session/useCurrentUser';

// ---------------------------------------------------------------------------------------------------------
// Settings: one fetcher and one cache (queryKeys.userSettings) for every screen, typed by the contract.

export type { UserSettingsAttributes } from '@meetwell/domain';

type UserSettingsDocument = z.output<typeof userSettingsDocument>;

/** GET /users/settings, the one query of the settings (the Balance screen, the meeting modal, the header). */
export const userSettingsQuery = queryOptions({
  queryKey: queryKeys.userSettings,
  queryFn: () => call(settingsEndpoints.show),
});

interface BalanceSettings {
  action: ActionSettings;
  evaluation: EvaluationSettings;
  defaultAction: ActionSettings;
  defaultEvaluation: EvaluationSettings;
  canEditEvaluation: boolean;
}

function toBalanceSettings(doc: UserSettingsDocument): BalanceSettings {
  const a = doc.data.attributes;
  return {
    action: a.action_settings,
    evaluation: a.evaluation_settings,
    defaultAction: a.default_action_settings,
    defaultEvaluation: a.default_evaluation_settings,
    canEditEvaluation: a.can_edit_evaluation_settings,
  };
}

export function useBalanceSettings() {
  return useQuery({ ...userSettingsQuery, select: toBalanceSettings });
}

/** One bucket of the settings at a time (the contract's patch allows both). */
export type SettingsPatch =
  | Required<Pick<UserSettingsPatch, 'action_settings'>>
  | Required<Pick<UserSettingsPatch, 'evaluation_settings'>>;

/** PATCH users/settings with one bucket; the answer replaces the cached settings. */
export function usePatchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) =>
      call(settingsEndpoints.update, { body: resourceBody('user_settings', patch) }),
    onSuccess: (doc, patch) => {
      queryClient.setQueryData(userSettingsQuery.queryKey, doc);
      // New rules re-score meetings (evaluation) or change what is acted on (action).
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
      if ('evaluation_settings' in patch) void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
      void queryClient.invalidateQueries({ queryKey: actionKeys.all });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// VIP (organizer) and domain lists

export type ListScope = 'user' | 'company';

type UserDocument = z.output<typeof userDocument>;
type CompanyListsDocument = z.output<typeof companyListsDocument>;

/** The user's own list answers with the user (cached as the current user); the team's with the team's lists. */
function storeUser(queryClient: ReturnType<typeof useQueryClient>, doc: UserDocument | CompanyListsDocument) {
  if (doc.data.type === 'users') {
    queryClient.setQueryData(queryKeys.currentUser, toCurrentUser(doc.data));
  } else {
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }
}

/** POST users/ or company/denylisted_organizers/bulk with the whole list (it replaces the scope's list). */
export function useSaveVips(scope: ListScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailList: string[]): Promise<UserDocument | CompanyListsDocument> => {
      const body = resourceBody('denylisted_organizers', { email_list: emailList });
      return scope === 'company'
        ? call(autoBalanceEndpoints.replaceTeamVips, { body })
        : call(autoBalanceEndpoints.replaceUserVips, { body });
    },
    onSuccess: (doc) => {
      storeUser(queryClient, doc);
      void queryClient.invalidateQueries({ queryKey: actionKeys.all });
    },
  });
}

/** PATCH users (own list) or company (team list, admins) with domains_allowlist. */
export function useSaveDomains(scope: ListScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]): Promise<UserDocument | CompanyListsDocument> =>
      scope === 'company'
        ? call(autoBalanceEndpoints.updateTeamLists, {
            body: resourceBody('companies', { domains_allowlist: domains }),
          })
        : call(userEndpoints.update, { body: resourceBody('users', { domains_allowlist: domains }) }),
    onSuccess: (doc) => {
      storeUser(queryClient, doc);
      void queryClient.invalidateQueries({ queryKey: actionKeys.all });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Future and past actions

export type { ActionAttributes } from '@meetwell/domain';

export interface BalanceAction extends ActionAttributes {
  id: string;
}

export const actionKeys = {
  all: queryKeys.actions,
  list: (kind: 'future' | 'past', from: string, to: string) => ['actions', kind, from, to] as const,
};

/**
 * Future actions are asked up to 7 days ahead without a start, so the ones queued past their deadline (the
 * meeting is still ahead) stay listed; past actions for the last 7 days.
 */
async function fetchActions(kind: 'future' | 'past', from: string, to: string): Promise<BalanceAction[]> {
  const doc = await call(actionEndpoints[kind], {
    query: { 'by_period[starts_at]': kind === 'past' ? from : undefined, 'by_period[ends_at]': to },
  });
  return doc.data.map((item) => ({ ...item.attributes, id: item.id }));
}

export function useActions(kind: 'future' | 'past', window: { from: string; to: string }) {
  return useQuery({
    queryKey: actionKeys.list(kind, window.from, window.to),
    queryFn: () => fetchActions(kind, window.from, window.to),
  });
}

/**
 * Ignoring a future action accepts the meeting for the user: POST users/meetings/accept/:meeting_id. The toast
 * is shown here, not by the caller: the list row that asked is gone once the lists refresh.
 */
export function useAcceptMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId }: { meetingId: string; summary: string }) =>
      call(actionEndpoints.ignore, { params: { meeting_id: meetingId } }),
    onSuccess: (_doc, { summary }) => {
      notifications.show({ color: 'success', message: `You accepted “${summary}”.` });
      void queryClient.invalidateQueries({ queryKey: actionKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
    },
  });
}

/** The sentences of an action's (or a meeting's) negative details. */
export { detailSentences as negativeDetails } from '../prevent-decline/api';

// ---------------------------------------------------------------------------------------------------------
// Possible Wellness blocks (meetings the sync thinks are personal time)

export type { PossibleBlockAttributes } from '@meetwell/domain';

export interface PossibleBlock extends PossibleBlockAttributes {
  id: string;
}

const possibleBlockKeys = { all: ['maybe_wellness_blocks'] as const };

async function fetchPossibleBlocks(): Promise<PossibleBlock[]> {
  const doc = await call(wellnessBlockEndpoints.possible);
  return doc.data.map((item) => ({ ...item.attributes, id: item.id }));
}

export function usePossibleBlocks() {
  return useQuery({ queryKey: possibleBlockKeys.all, queryFn: fetchPossibleBlocks });
}

/** Convert (verified_true) or ignore (verified_false) a possible block: PATCH meetings/:id. */
export function useAnswerPossibleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'verified_true' | 'verified_false' }) =>
      call(meetingEndpoints.update, {
        params: { id },
        body: resourceBody('meetings', { maybe_wellness_block: answer }),
      }),
    onSuccess: (_doc, { answer }) => {
      void queryClient.invalidateQueries({ queryKey: possibleBlockKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
      if (answer === 'verified_true') void queryClient.invalidateQueries({ queryKey: ['wellness_blocks'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Team grade (the averages report; another issue owns reports, so a missing route shows an empty card)

export interface TeamGrade {
  average: number | null;
}

async function fetchTeamGrade(start: string, end: string): Promise<TeamGrade> {
  const doc = await call(reportEndpointOf('averages'), {
    params: { kind: 'averages' },
    query: { who: 'team', start, end },
    redirectOnStatus: false,
  });
  return { average: doc.data.attributes.average };
}

export function useTeamGrade(range: { start: string; end: string }) {
  return useQuery({
    queryKey: [...queryKeys.reports, 'team-grade', range.start, range.end],
    queryFn: () => fetchTeamGrade(range.start, range.end),
    retry: false,
    meta: { errorToast: false },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Work that stopped: auto-balance (or the scoring it decides on) failed for good; trying it again.

export function useJobFailures() {
  return useQuery({
    queryKey: queryKeys.jobFailures,
    queryFn: async () => (await call(jobFailureEndpoints.list)).data,
    meta: { errorToast: false },
  });
}

export function useRetryJobFailure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: string) => call(jobFailureEndpoints.retry, { params: { job } }),
    onSuccess: () => {
      notifications.show({ color: 'success', message: 'Auto-Balance is going through your meetings again.' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobFailures });
    },
  });
}
