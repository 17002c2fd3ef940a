import { describe, expect, it } from 'vitest';
import { settingValueLabel } from './labels';
import {
  ActionSettingsPatchSchema,
  ActionSettingsSchema,
  DEFAULT_ACTION_SETTINGS,
  DEFAULT_EVALUATION_SETTINGS,
  EvaluationSettingsSchema,
  effectiveSettings,
  isRuleEnabled,
  resolveActionSettings,
  resolveEvaluationSettings,
} from './settings';

describe('defaults (SCORING §3)', () => {
  it('evaluation', () => {
    expect(DEFAULT_EVALUATION_SETTINGS).toMatchObject({
      focus_block_conflict: 'block',
      meeting_conflict: 'block',
      last_minute_schedule: 24,
      max_attendees: 8,
      desired_duration: 60,
      required_agenda: true,
      required_objectives: true,
      required_intention: true,
      required_conference_info: true,
      required_prework: false,
      ignore_all_day_meetings: true,
      ignore_all_hands_meetings: true,
    });
    expect(EvaluationSettingsSchema.parse(DEFAULT_EVALUATION_SETTINGS)).toEqual(DEFAULT_EVALUATION_SETTINGS);
  });

  it('action', () => {
    expect(DEFAULT_ACTION_SETTINGS).toMatchObject({
      focus_block_conflict: 'block',
      meeting_conflict: 'block',
      last_minute_schedule: 6,
      max_attendees: 12,
      desired_duration: 90,
      required_agenda: true,
      required_objectives: false,
      required_intention: false,
      required_conference_info: false,
      required_prework: false,
      non_compliance_action: 'decline',
      compliance_deadline: 12,
      take_action_time: 'any',
      take_action_content: 'any',
      take_action_attendees: 'any',
    });
    expect(ActionSettingsSchema.parse(DEFAULT_ACTION_SETTINGS)).toEqual(DEFAULT_ACTION_SETTINGS);
  });
});

describe('resolution', () => {
  it('skips unknown keys and invalid values', () => {
    const resolved = resolveEvaluationSettings(
      { max_attendees: 'Ignore', desired_duration: -5, bogus: 1, required_agenda: 'yes' },
      { last_minute_schedule: 48 },
    );
    expect(resolved.max_attendees).toBe('Ignore');
    expect(resolved.desired_duration).toBe(60);
    expect(resolved.required_agenda).toBe(true);
    expect(resolved.last_minute_schedule).toBe(48);
    expect('bogus' in resolved).toBe(false);
    expect(resolveActionSettings(null, undefined, 'x')).toEqual(DEFAULT_ACTION_SETTINGS);
  });

  it("team evaluation settings win; action settings layer the user's over the team's", () => {
    const { evaluation, action } = effectiveSettings({
      inTeam: true,
      teamEvaluationSettings: { desired_duration: 30 },
      userEvaluationSettings: { desired_duration: 120 },
      teamActionSettings: { compliance_deadline: 24, non_compliance_action: 'remind' },
      userActionSettings: { compliance_deadline: 6 },
    });
    expect(evaluation.desired_duration).toBe(30);
    expect(action).toMatchObject({ compliance_deadline: 6, non_compliance_action: 'remind' });
    const solo = effectiveSettings({
      inTeam: false,
      teamEvaluationSettings: { desired_duration: 30 },
      userEvaluationSettings: { desired_duration: 120 },
    });
    expect(solo.evaluation.desired_duration).toBe(120);
  });

  it("the defaults a member falls back to are the team's auto-balance defaults, never another team's", () => {
    const member = effectiveSettings({
      inTeam: true,
      teamActionSettings: { non_compliance_action: 'remind', compliance_deadline: 'soon' },
      userActionSettings: { non_compliance_action: 'decline' },
    });
    expect(member.action.non_compliance_action).toBe('decline');
    expect(member.defaultAction).toEqual({ ...DEFAULT_ACTION_SETTINGS, non_compliance_action: 'remind' });
    const solo = effectiveSettings({
      inTeam: false,
      teamActionSettings: { non_compliance_action: 'remind' },
    });
    expect(solo.defaultAction).toEqual(DEFAULT_ACTION_SETTINGS);
  });

  it('patch schema', () => {
    expect(ActionSettingsPatchSchema.safeParse({ compliance_deadline: 24 }).success).toBe(true);
    expect(ActionSettingsPatchSchema.safeParse({ compliance_deadline: 'soon' }).success).toBe(false);
    expect(ActionSettingsPatchSchema.safeParse({ nope: true }).success).toBe(false);
  });

  it('isRuleEnabled', () => {
    expect(isRuleEnabled(DEFAULT_EVALUATION_SETTINGS, 'max_attendees')).toBe(true);
    expect(isRuleEnabled({ ...DEFAULT_EVALUATION_SETTINGS, max_attendees: 'Ignore' }, 'max_attendees')).toBe(
      false,
    );
    expect(isRuleEnabled(DEFAULT_EVALUATION_SETTINGS, 'required_prework')).toBe(false);
    expect(
      isRuleEnabled({ ...DEFAULT_EVALUATION_SETTINGS, required_outcomes: true }, 'required_outcomes'),
    ).toBe(false);
  });
});

describe('setting value labels', () => {
  it.each([
    ['focus_block_conflict', 'block', 'Prevent'],
    ['meeting_conflict', 'allow', 'Allow'],
    ['required_agenda', true, 'Required'],
    ['required_prework', false, 'Not required'],
    ['ignore_all_day_meetings', true, 'Ignored'],
    ['ignore_all_hands_meetings', false, 'Not ignored'],
    ['last_minute_schedule', 24, '24 hours'],
    ['compliance_deadline', 6, '6 hours'],
    ['desired_duration', 60, '60 minutes'],
    ['max_attendees', 8, '8 people'],
    ['max_attendees', 'Ignore', 'Ignore'],
    ['non_compliance_action', 'remind_conflicts', 'Remind of conflicts'],
    ['take_action_time', 'all', 'All'],
    ['reminder_email', 'no_email', 'No email'],
  ])('%s = %j → %s', (key, value, label) => expect(settingValueLabel(key, value)).toBe(label));
});
