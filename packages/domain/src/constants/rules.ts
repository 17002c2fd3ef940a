/**
 * Rule keys, weights, groups and labels (docs/spec/SCORING.md §3, both specs §9). Weights are fractions as in the spec;
 * RULE_WEIGHTS_OUT_OF_100 holds the same weights as shown to users (and used in the score sums).
 */

/** Rules that are evaluated, in display order. */
export const EVALUATED_RULE_KEYS = [
  'focus_block_conflict',
  'meeting_conflict',
  'last_minute_schedule',
  'max_attendees',
  'desired_duration',
  'required_agenda',
  'required_intention',
  'required_conference_info',
  'required_objectives',
  'required_prework',
] as const;

/** Shown as 'coming soon', never evaluated. */
export const COMING_SOON_RULE_KEYS = ['required_outcomes', 'required_attendee_roles'] as const;

export const RULE_KEYS = [...EVALUATED_RULE_KEYS, ...COMING_SOON_RULE_KEYS] as const;

export type EvaluatedRuleKey = (typeof EVALUATED_RULE_KEYS)[number];
export type ComingSoonRuleKey = (typeof COMING_SOON_RULE_KEYS)[number];
export type RuleKey = (typeof RULE_KEYS)[number];

/** The conflict rules: the only ones remind_conflicts / decline_conflicts act on. */
export const CONFLICT_RULE_KEYS = ['focus_block_conflict', 'meeting_conflict'] as const;

export const RULE_WEIGHTS: Readonly<Record<RuleKey, number>> = {
  focus_block_conflict: 0.2,
  meeting_conflict: 0.15,
  last_minute_schedule: 0.15,
  max_attendees: 0.05,
  desired_duration: 0.05,
  required_agenda: 0.2,
  required_intention: 0.06,
  required_conference_info: 0.02,
  required_objectives: 0.1,
  required_prework: 0,
  required_outcomes: 0,
  required_attendee_roles: 0,
};

/** Weights out of 100 (integers), as shown to users and used in the score sums. */
export const RULE_WEIGHTS_OUT_OF_100: Readonly<Record<RuleKey, number>> = Object.fromEntries(
  RULE_KEYS.map((key) => [key, Math.round(RULE_WEIGHTS[key] * 100)]),
) as Record<RuleKey, number>;

export const RULE_GROUPS = ['time', 'content', 'attendees'] as const;
export type RuleGroup = (typeof RULE_GROUPS)[number];

/** Which rules each auto-balance group holds (docs/spec/SCORING.md §6). */
export const RULE_GROUP_KEYS: Readonly<Record<RuleGroup, readonly RuleKey[]>> = {
  time: ['desired_duration', 'focus_block_conflict', 'meeting_conflict', 'last_minute_schedule'],
  content: [
    'required_agenda',
    'required_objectives',
    'required_intention',
    'required_prework',
    'required_outcomes',
    'required_conference_info',
  ],
  attendees: ['max_attendees', 'required_attendee_roles'],
};

/** The action setting that holds each group's mode. */
export const RULE_GROUP_MODE_SETTING: Readonly<
  Record<RuleGroup, 'take_action_time' | 'take_action_content' | 'take_action_attendees'>
> = { time: 'take_action_time', content: 'take_action_content', attendees: 'take_action_attendees' };

export const RULE_GROUP_LABELS: Readonly<Record<RuleGroup, string>> = {
  time: 'Time and duration',
  content: 'Content',
  attendees: 'Attendees',
};

export function ruleGroupOf(key: RuleKey): RuleGroup {
  for (const group of RULE_GROUPS) if (RULE_GROUP_KEYS[group].includes(key)) return group;
  return 'content';
}

/** The attendee roles of required_attendee_roles (coming soon). */
export const ATTENDEE_ROLES = ['role_leader', 'role_time_keeper', 'role_recorder'] as const;
export type AttendeeRole = (typeof ATTENDEE_ROLES)[number];

export const SETTING_KEYS = [...RULE_KEYS, 'ignore_all_day_meetings', 'ignore_all_hands_meetings'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** A settings label as served by GET settings_labels: label, description, coming_soon, weight (fraction). */
export interface SettingLabel {
  label: string;
  description: string;
  coming_soon: boolean;
  weight: number;
}

export const SETTING_LABELS: Readonly<Record<SettingKey, SettingLabel>> = {
  focus_block_conflict: {
    label: 'Wellness block conflicts',
    description: 'Meetings that overlap one of your Wellness blocks.',
    coming_soon: false,
    weight: RULE_WEIGHTS.focus_block_conflict,
  },
  meeting_conflict: {
    label: 'Meeting conflicts',
    description: 'Meetings that overlap another meeting you accepted or organize.',
    coming_soon: false,
    weight: RULE_WEIGHTS.meeting_conflict,
  },
  last_minute_schedule: {
    label: 'Last-minute scheduling',
    description: 'How many hours ahead a meeting must be scheduled (greater than).',
    coming_soon: false,
    weight: RULE_WEIGHTS.last_minute_schedule,
  },
  max_attendees: {
    label: 'Max attendees',
    description: 'How many people a meeting may have, organizer included (at most).',
    coming_soon: false,
    weight: RULE_WEIGHTS.max_attendees,
  },
  desired_duration: {
    label: 'Desired duration',
    description: 'How long a meeting may last, in minutes (at most).',
    coming_soon: false,
    weight: RULE_WEIGHTS.desired_duration,
  },
  required_agenda: {
    label: 'Agenda',
    description: 'Meetings have at least one agenda item.',
    coming_soon: false,
    weight: RULE_WEIGHTS.required_agenda,
  },
  required_intention: {
    label: 'Intention',
    description: 'Meetings have an intention, such as a stand-up or a planning.',
    coming_soon: false,
    weight: RULE_WEIGHTS.required_intention,
  },
  required_conference_info: {
    label: 'Video conferencing',
    description: 'Meetings have a video-conference link or a location.',
    coming_soon: false,
    weight: RULE_WEIGHTS.required_conference_info,
  },
  required_objectives: {
    label: 'Objectives',
    description: 'Meetings have at least one objective.',
    coming_soon: false,
    weight: RULE_WEIGHTS.required_objectives,
  },
  required_prework: {
    label: 'Pre-work',
    description: 'Meetings have at least one pre-work item. Shown, not weighed.',
    coming_soon: false,
    weight: RULE_WEIGHTS.required_prework,
  },
  required_outcomes: {
    label: 'Outcomes',
    description: 'Meetings record their outcomes.',
    coming_soon: true,
    weight: RULE_WEIGHTS.required_outcomes,
  },
  required_attendee_roles: {
    label: 'Attendee roles',
    description: 'Meetings name a leader, a time keeper and a recorder.',
    coming_soon: true,
    weight: RULE_WEIGHTS.required_attendee_roles,
  },
  ignore_all_day_meetings: {
    label: 'All-day meetings',
    description: 'Meetings marked all day or lasting 6 hours or more are not scored.',
    coming_soon: false,
    weight: 0,
  },
  ignore_all_hands_meetings: {
    label: 'All-hands meetings',
    description: 'Meetings with the all-hands intention are not scored.',
    coming_soon: false,
    weight: 0,
  },
};

/** The comparison each numeric rule applies (docs/spec/personal-app.md §3). */
export const RULE_COMPARISONS = {
  desired_duration: 'less than or equal to',
  last_minute_schedule: 'greater than',
  max_attendees: 'less than or equal to',
} as const;
export const COMPARISON_OPERATORS = [
  'less than',
  'less than or equal to',
  'greater than',
  'greater than or equal to',
] as const;
