/** Option lists of the settings screens (docs/spec/personal-app.md §9). */

export const COMPLIANCE_DEADLINE_OPTIONS = [6, 12, 24, 36, 48, 72] as const;
export const DESIRED_DURATION_OPTIONS = [15, 30, 45, 60, 75, 90, 120] as const;
export const LAST_MINUTE_SCHEDULE_OPTIONS = [6, 12, 24, 36, 48, 60, 72, 84] as const;
export const MAX_ATTENDEES_IGNORE = 'Ignore';
export const MAX_ATTENDEES_OPTIONS = [MAX_ATTENDEES_IGNORE, 2, 4, 6, 8, 10, 12, 15, 20] as const;

export type MaxAttendeesOption = (typeof MAX_ATTENDEES_OPTIONS)[number];

export interface Option<T> {
  value: T;
  label: string;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export const COMPLIANCE_DEADLINE_CHOICES: readonly Option<number>[] = COMPLIANCE_DEADLINE_OPTIONS.map(
  (h) => ({
    value: h,
    label: plural(h, 'hour'),
  }),
);
export const DESIRED_DURATION_CHOICES: readonly Option<number>[] = DESIRED_DURATION_OPTIONS.map((m) => ({
  value: m,
  label: plural(m, 'minute'),
}));
export const LAST_MINUTE_SCHEDULE_CHOICES: readonly Option<number>[] = LAST_MINUTE_SCHEDULE_OPTIONS.map(
  (h) => ({
    value: h,
    label: plural(h, 'hour'),
  }),
);
export const MAX_ATTENDEES_CHOICES: readonly Option<MaxAttendeesOption>[] = MAX_ATTENDEES_OPTIONS.map(
  (v) => ({
    value: v,
    label: v === MAX_ATTENDEES_IGNORE ? 'Ignore' : plural(v, 'person').replace('persons', 'people'),
  }),
);

/** The attendee-status filter of Review: only All and Accepted can be chosen. */
export const ATTENDEE_STATUS_FILTERS = [
  { value: 'all', label: 'All', disabled: false },
  { value: 'confirmed', label: 'Accepted', disabled: false },
  { value: 'tentative', label: 'Tentative', disabled: true },
  { value: 'none', label: 'Unresponded', disabled: true },
  { value: 'declined', label: 'Declined', disabled: true },
] as const;

/** Date range presets of Review. */
export const DATE_RANGE_PRESETS = ['This week', 'Last week', 'This month', 'Last month'] as const;
