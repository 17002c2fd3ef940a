import { ONBOARDING_DONE, ONBOARDING_NEXT_LABELS } from '../../copy/texts';
import { TOUR_STEPS } from '../../copy/ui';

/** The query parameter that asks for the guided tour (`/my/review/you?onboarding=true`). */
export const ONBOARDING_PARAM = 'onboarding';
export const REVIEW_TOUR_PATH = `/my/review/you?${ONBOARDING_PARAM}=true`;

/** Onboarding counts 9 steps: the modal's welcome, calendars and goals, then these six on the app's screens. */
export const MODAL_STEPS = 3;

/**
 * The tour's steps in order. `tag` names the tip each step shows (GET /tips) and the element it points at:
 * the screens mark it with `data-tour="{tag}"`.
 */
export const TOUR_STOPS = [
  { tag: 'review', name: 'Review', position: 'bottom' },
  { tag: 'plan', name: 'Plan', position: 'bottom' },
  { tag: 'agenda', name: 'Agenda', position: 'bottom' },
  { tag: 'balance', name: 'Balance', position: 'bottom' },
  { tag: 'action', name: 'Auto-Balance', position: 'bottom' },
  { tag: 'enforce', name: 'Who gets enforced?', position: 'bottom' },
] as const;

export type TourTag = (typeof TOUR_STOPS)[number]['tag'];

export const tourTarget = (tag: TourTag) => `[data-tour="${tag}"]`;

/** Where each step is shown; the agenda step opens a meeting of this week when there is one. */
export function tourPath(tag: TourTag, meetingId: string | null): string {
  switch (tag) {
    case 'review':
      return '/my/review/you';
    case 'plan':
      return '/my/plan';
    case 'agenda':
      return meetingId ? `/my/plan/meeting/${encodeURIComponent(meetingId)}` : '/my/plan';
    case 'balance':
      return '/my/balance/wellness-blocks';
    case 'action':
    case 'enforce':
      return '/my/balance/action';
  }
}

/** The label of a step's forward button: the next step's question, 'All done!' on the last. */
export function nextLabel(index: number): string {
  return ONBOARDING_NEXT_LABELS[index] ?? ONBOARDING_DONE;
}

/** '4 of 9': the tour goes on counting after the modal's steps. */
export function stepCounter(modalOrTourStep: number): string {
  return `${modalOrTourStep} of ${TOUR_STEPS}`;
}
