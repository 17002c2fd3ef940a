/** How setting values read on the settings screens (docs/spec/personal-app.md §4). */
import {
  isNonComplianceAction,
  NON_COMPLIANCE_ACTION_LABELS,
  REMINDER_EMAIL_PREFERENCE_LABELS,
  type ReminderEmailPreference,
  SETTING_VALUE_LABELS,
} from '../constants/actions';
import { MAX_ATTENDEES_IGNORE } from '../constants/options';
import { pluralize } from '../formats/duration';

/** 'Prevent' / 'Allow', 'Required' / 'Not required', 'Ignored' / 'Not ignored', '24 hours', '8 people'… */
export function settingValueLabel(key: string, value: unknown): string {
  switch (key) {
    case 'focus_block_conflict':
    case 'meeting_conflict':
      return value === 'block' ? SETTING_VALUE_LABELS.block : SETTING_VALUE_LABELS.allow;
    case 'ignore_all_day_meetings':
    case 'ignore_all_hands_meetings':
      return value ? SETTING_VALUE_LABELS.ignored : SETTING_VALUE_LABELS.not_ignored;
    case 'last_minute_schedule':
    case 'compliance_deadline':
      return typeof value === 'number' ? pluralize(value, 'hour') : 'Off';
    case 'desired_duration':
      return typeof value === 'number' ? pluralize(value, 'minute') : 'Off';
    case 'max_attendees':
      return typeof value === 'number' ? pluralize(value, 'person', 'people') : MAX_ATTENDEES_IGNORE;
    case 'non_compliance_action':
      return isNonComplianceAction(value) ? NON_COMPLIANCE_ACTION_LABELS[value].label : String(value ?? '');
    case 'take_action_time':
    case 'take_action_content':
    case 'take_action_attendees':
      return value === 'all' ? 'All' : 'Any';
    case 'reminder_email':
      return REMINDER_EMAIL_PREFERENCE_LABELS[value as ReminderEmailPreference] ?? String(value ?? '');
    default:
      if (key.startsWith('required_'))
        return value ? SETTING_VALUE_LABELS.required : SETTING_VALUE_LABELS.not_required;
      return String(value ?? '');
  }
}
