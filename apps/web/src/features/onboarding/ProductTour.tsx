import { Text, Tour } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ONBOARDING_DONE } from '../../copy/texts';
import { UI_TIMINGS_MS } from '../../copy/ui';
import { fetchMeetingsInPeriod } from '../meeting/api';
import { meetingKeys } from '../meeting/cache';
import type { Meeting } from '../meeting/types';
import { weekOf } from '../plan/week';
import { markTipSeen, useTips } from './api';
import classes from './ProductTour.module.css';
import {
  MODAL_STEPS,
  nextLabel,
  ONBOARDING_PARAM,
  stepCounter,
  TOUR_STOPS,
  type TourTag,
  tourPath,
  tourTarget,
} from './tour';

const SKIP_TOUR_LABEL = 'Skip tour';

/** The meeting the agenda step opens: the next one this week, else the week's first. */
export function meetingForTour(meetings: Meeting[] | undefined, now = new Date()): string | null {
  const sorted = [...(meetings ?? [])].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const next = sorted.find((meeting) => new Date(meeting.starts_at) >= now);
  return (next ?? sorted[0])?.id ?? null;
}

/** This week's meetings (the Plan screen's cache), read once the tour reaches Plan. */
function useTourMeeting(enabled: boolean): string | null {
  const week = weekOf(new Date());
  const startsAt = week.start.toISOString();
  const endsAt = week.end.toISOString();
  const meetings = useQuery({
    queryKey: meetingKeys.week(startsAt, endsAt),
    queryFn: () => fetchMeetingsInPeriod(startsAt, endsAt),
    enabled,
    meta: { errorToast: false },
  });
  return meetingForTour(meetings.data?.meetings);
}

/**
 * The guided tour, steps 4 to 9 of onboarding: each step opens its screen and points at the element marked
 * `data-tour="{tag}"`, with that step's tip. Escape, 'Skip tour' or the last step's 'All done!' end it; after
 * the exit delay `onEnd` removes the tour parameter.
 */
export function ProductTour({ onEnd }: { onEnd: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tips = useTips();
  const [step, setStep] = useState(0);
  const [ended, setEnded] = useState(false);
  const meetingId = useTourMeeting(step >= 1);
  const stop = TOUR_STOPS[step] ?? TOUR_STOPS[0];
  const path = tourPath(stop.tag, meetingId);

  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  useEffect(() => {
    // The parameter goes along, so a reload mid-tour starts the tour again.
    if (!ended && pathnameRef.current !== path) navigate(`${path}?${ONBOARDING_PARAM}=true`);
  }, [path, ended, navigate]);

  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (!ended) return;
    const timer = window.setTimeout(() => onEndRef.current(), UI_TIMINGS_MS.onboardingExit);
    return () => window.clearTimeout(timer);
  }, [ended]);

  const active = !ended && !tips.isPending;
  useEffect(() => {
    if (!active) return;
    // A screen opened by a step (the meeting modal) takes focus as it mounts: the step keeps it.
    const keepFocus = (event: FocusEvent) => {
      const tooltip = document.querySelector<HTMLElement>('[data-product-tour] [role="dialog"]');
      if (tooltip && event.target instanceof Node && !tooltip.contains(event.target)) tooltip.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, [active]);

  const tipOf = (tag: TourTag) => tips.data?.find((tip) => tip.tag === tag);
  const target = (tag: TourTag) => (tag === 'agenda' && !meetingId ? undefined : tourTarget(tag));

  return (
    <Tour
      active={active}
      step={step}
      onStepChange={setStep}
      onStepOpen={(index) => {
        const tag = TOUR_STOPS[index]?.tag;
        const tip = tag ? tipOf(tag) : undefined;
        if (tip && !tip.seen_at) markTipSeen(tip.id);
      }}
      onClose={() => setEnded(true)}
      withCloseButton={false}
      labels={{
        skip: SKIP_TOUR_LABEL,
        back: 'Back',
        next: nextLabel(step),
        close: ONBOARDING_DONE,
        stepCounter: (current) => stepCounter(current + MODAL_STEPS),
      }}
      classNames={{ navigation: classes.navigation }}
      // Mantine's dimmed grey is under AA contrast on white.
      styles={{ stepCounter: { color: 'var(--mantine-color-gray-7)' } }}
      data-product-tour
    >
      {TOUR_STOPS.map((item) => {
        const tip = tipOf(item.tag);
        return (
          <Tour.Step
            key={item.tag}
            target={target(item.tag)}
            title={tip?.title ?? item.name}
            position={item.position}
          >
            {tip?.description ? <Text fz="sm">{tip.description}</Text> : null}
          </Tour.Step>
        );
      })}
    </Tour>
  );
}
