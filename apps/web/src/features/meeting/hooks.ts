import type { EvaluationSettings, MeetingIntention } from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/client';
import { onMeetingRefresh } from '../../realtime/cable';
import { userSettingsQuery } from '../balance/api';
import {
  answerPossibleBlock,
  chooseIntention,
  createItem,
  deleteItem,
  fetchMeeting,
  type ItemAttributes,
  type NewItemAttributes,
  patchUserMeeting,
  updateItem,
} from './api';
import { applyMeetingRefresh, findMeetingInWeeks, meetingKeys, storeMeeting } from './cache';
import type { ItemKind } from './types';

/** One meeting: taken from a loaded week when it is there, else GET /meetings/:id. */
export function useMeeting(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: meetingKeys.detail(id ?? ''),
    queryFn: () => fetchMeeting(id ?? ''),
    enabled: Boolean(id),
    initialData: () => (id ? findMeetingInWeeks(queryClient, id) : undefined),
    initialDataUpdatedAt: () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: meetingKeys.weeks })
        .reduce((latest, query) => Math.max(latest, query.state.dataUpdatedAt), 0) || undefined,
    // A missing meeting sends the user back to the plan (no toast for a 404).
    meta: { errorToast: false },
    retry: false,
  });
}

/** Applies MeetingRefreshChannel pushes (item changes from other sessions) to the cached meetings. */
export function useMeetingRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => onMeetingRefresh((message) => applyMeetingRefresh(queryClient, message)), [queryClient]);
}

export type EvaluationSettingsView = EvaluationSettings;

/** The evaluation settings, from the one settings query (shared with the Balance screen and the header). */
export function useEvaluationSettings() {
  return useQuery({
    ...userSettingsQuery,
    select: (doc) => doc.data.attributes.evaluation_settings,
    meta: { errorToast: false },
  });
}

/** Add, edit, reorder and delete agenda items, objectives and pre-work; the answer's meta.meeting is cached. */
export function useItemMutations(meetingId: string, kind: ItemKind) {
  const queryClient = useQueryClient();
  const onSuccess = ({ meeting }: { meeting: Parameters<typeof storeMeeting>[1] | null }) => {
    if (meeting) storeMeeting(queryClient, meeting);
  };
  const create = useMutation({
    mutationFn: (attributes: NewItemAttributes) => createItem(meetingId, kind, attributes),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, attributes }: { id: string; attributes: ItemAttributes }) =>
      updateItem(kind, id, attributes),
    onSuccess,
  });
  const remove = useMutation({
    // Gone already (a second click on its bin, another session): what the person asked for is done.
    mutationFn: (id: string) =>
      deleteItem(kind, id).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return { meeting: null };
        throw error;
      }),
    onSuccess,
  });
  return { create, update, remove };
}

export function useSkipEvaluation(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skip: boolean) => patchUserMeeting(meetingId, { skip_evaluation: skip }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useChooseIntention(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intention: MeetingIntention | null) => chooseIntention(meetingId, intention),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useManualAction(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'do_nothing' | 'remind' | 'decline') =>
      patchUserMeeting(meetingId, { non_compliance_action: action }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useAnswerPossibleBlock(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'verified_true' | 'verified_false') => answerPossibleBlock(meetingId, answer),
    onSuccess: (meeting) => {
      storeMeeting(queryClient, meeting);
      // A converted block changes other meetings' conflicts and the week's Wellness blocks.
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wellness_blocks'] });
    },
  });
}
