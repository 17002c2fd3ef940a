// The choices each setting offers in its edit popover (option lists and labels from the domain).
import {
  COMPLIANCE_DEADLINE_CHOICES,
  DESIRED_DURATION_CHOICES,
  LAST_MINUTE_SCHEDULE_CHOICES,
  MAX_ATTENDEES_CHOICES,
  NON_COMPLIANCE_ACTION_LABELS,
  NON_COMPLIANCE_ACTIONS,
  REMINDER_EMAIL_PREFERENCE_LABELS,
  REMINDER_EMAIL_PREFERENCES,
  SETTING_VALUE_LABELS,
  settingValueLabel,
} from '@meetwell/domain';

export type SettingValue = string | number | boolean | null;

export interface SettingChoice {
  value: SettingValue;
  label: string;
  description?: string;
  recommended?: boolean;
}

/** Option values travel as strings in radios: JSON keeps 24 and '24', true and 'true' apart. */
export function encodeChoice(value: SettingValue | undefined): string {
  return JSON.stringify(value ?? null);
}

export function decodeChoice(value: string): SettingValue {
  try {
    return JSON.parse(value) as SettingValue;
  } catch {
    return null;
  }
}

const GROUP_MODE_CHOICES: SettingChoice[] = [
  { value: 'any', label: 'Any', description: 'Act when any one of these preferences is not met.' },
  { value: 'all', label: 'All', description: 'Act only when all of these preferences are not met.' },
];

export function settingChoices(key: string): SettingChoice[] {
  switch (key) {
    case 'focus_block_conflict':
    case 'meeting_conflict':
      return [
        { value: 'block', label: SETTING_VALUE_LABELS.block },
        { value: 'allow', label: SETTING_VALUE_LABELS.allow },
      ];
    case 'last_minute_schedule':
      return [...LAST_MINUTE_SCHEDULE_CHOICES];
    case 'desired_duration':
      return [...DESIRED_DURATION_CHOICES];
    case 'max_attendees':
      return [...MAX_ATTENDEES_CHOICES];
    case 'compliance_deadline':
      return [...COMPLIANCE_DEADLINE_CHOICES];
    case 'ignore_all_day_meetings':
    case 'ignore_all_hands_meetings':
      return [
        { value: true, label: SETTING_VALUE_LABELS.ignored },
        { value: false, label: SETTING_VALUE_LABELS.not_ignored },
      ];
    case 'non_compliance_action':
      return NON_COMPLIANCE_ACTIONS.map((action) => ({
        value: action,
        ...NON_COMPLIANCE_ACTION_LABELS[action],
      }));
    case 'reminder_email':
      return REMINDER_EMAIL_PREFERENCES.map((pref) => ({
        value: pref,
        label: REMINDER_EMAIL_PREFERENCE_LABELS[pref],
      }));
    case 'take_action_time':
    case 'take_action_content':
    case 'take_action_attendees':
      return GROUP_MODE_CHOICES;
    default:
      if (key.startsWith('required_')) {
        return [
          { value: true, label: SETTING_VALUE_LABELS.required },
          { value: false, label: SETTING_VALUE_LABELS.not_required },
        ];
      }
      return [];
  }
}

/** How a value reads ('Prevent', '24 hours', 'Required'…), from the domain. */
export function valueLabel(key: string, value: unknown): string {
  return settingValueLabel(key, value);
}
