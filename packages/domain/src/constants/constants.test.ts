import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NON_COMPLIANCE_ACTION_LABELS, NON_COMPLIANCE_ACTIONS, REMINDER_EMAIL_PREFERENCES } from './actions';
import { COLORS, LEADERBOARD_COLORS, leaderboardColor, personColor } from './colors';
import { MEETING_INTENTION_LABELS, MEETING_INTENTIONS } from './intentions';
import { INVALID_DOMAIN_DIALOG, INVALID_EMAIL_DIALOG, VALIDATION_MESSAGES } from './messages';
import {
  COMPLIANCE_DEADLINE_OPTIONS,
  DESIRED_DURATION_OPTIONS,
  LAST_MINUTE_SCHEDULE_OPTIONS,
  MAX_ATTENDEES_CHOICES,
  MAX_ATTENDEES_OPTIONS,
} from './options';
import { displayedPlans, findPlan, isPaidPlan, PLANS } from './plans';
import { COOKIE_DAYS, PRODUCT_NAME, pageTitle, TRIAL_DAYS } from './product';
import { RULE_GROUP_KEYS, RULE_KEYS, RULE_WEIGHTS, RULE_WEIGHTS_OUT_OF_100, SETTING_LABELS } from './rules';

describe('product', () => {
  it('name, titles, trial, cookie', () => {
    expect(PRODUCT_NAME).toBe('MeetWell');
    expect(pageTitle('Plan')).toBe('Plan | MeetWell');
    expect(pageTitle(' Missing ')).toBe('Missing | MeetWell');
    expect(pageTitle()).toMatch(/^MeetWell \| /);
    expect(pageTitle('')).toBe(pageTitle());
    expect(TRIAL_DAYS).toBe(14);
    expect(COOKIE_DAYS).toBe(25);
  });
});

describe('options', () => {
  it('lists', () => {
    expect(COMPLIANCE_DEADLINE_OPTIONS).toEqual([6, 12, 24, 36, 48, 72]);
    expect(DESIRED_DURATION_OPTIONS).toEqual([15, 30, 45, 60, 75, 90, 120]);
    expect(LAST_MINUTE_SCHEDULE_OPTIONS).toEqual([6, 12, 24, 36, 48, 60, 72, 84]);
    expect(MAX_ATTENDEES_OPTIONS).toEqual(['Ignore', 2, 4, 6, 8, 10, 12, 15, 20]);
    expect(MAX_ATTENDEES_CHOICES[1]).toEqual({ value: 2, label: '2 people' });
  });
});

describe('plans', () => {
  it('Trial hidden at 0; Solo and Team', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.sub, p.amount, p.hideFromDisplay, p.contactUs])).toEqual([
      ['trial', 'Trial', 'Try it free', 0, true, false],
      ['team-500', 'Solo', 'Just you', 5, false, false],
      ['team-5000', 'Team', 'Your team', 50, false, true],
    ]);
    expect(displayedPlans().map((p) => p.id)).toEqual(['team-500', 'team-5000']);
    expect(isPaidPlan('team-500')).toBe(true);
    expect(isPaidPlan('trial')).toBe(false);
    expect(isPaidPlan(null)).toBe(false);
    expect(findPlan('nope')).toBeNull();
  });
});

describe('colours', () => {
  it('palette and 14 repeating leaderboard colours', () => {
    expect(COLORS).toEqual({
      success: '#1db08c',
      caution: '#fed93a',
      warning: '#ff8a00',
      danger: '#ff3146',
      primary: '#1f78f7',
    });
    expect(LEADERBOARD_COLORS).toHaveLength(14);
    expect(new Set(LEADERBOARD_COLORS).size).toBe(14);
    expect(leaderboardColor(14)).toBe(LEADERBOARD_COLORS[0]);
    expect(leaderboardColor(-1)).toBe(LEADERBOARD_COLORS[13]);
  });
});

describe('rules', () => {
  it('weights as in the specs, out of 100', () => {
    expect(RULE_WEIGHTS).toMatchObject({
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
    });
    expect(RULE_WEIGHTS_OUT_OF_100.required_agenda).toBe(20);
    expect(RULE_WEIGHTS_OUT_OF_100.required_intention).toBe(6);
  });

  it('every rule is in exactly one group and has a label', () => {
    const grouped = Object.values(RULE_GROUP_KEYS).flat();
    expect([...grouped].sort()).toEqual([...RULE_KEYS].sort());
    for (const key of RULE_KEYS) expect(SETTING_LABELS[key].label).toBeTruthy();
    expect(SETTING_LABELS.required_outcomes.coming_soon).toBe(true);
  });

  it('actions, reminders and intentions', () => {
    expect(NON_COMPLIANCE_ACTIONS).toEqual([
      'do_nothing',
      'remind_conflicts',
      'remind',
      'decline_conflicts',
      'decline',
    ]);
    expect(NON_COMPLIANCE_ACTION_LABELS.decline.recommended).toBe(true);
    expect(REMINDER_EMAIL_PREFERENCES).toEqual(['pre_and_post', 'pre_action', 'post_action', 'no_email']);
    expect(MEETING_INTENTIONS).toHaveLength(10);
    expect(MEETING_INTENTION_LABELS.consensus).toBe('Decision making');
  });
});

describe('messages, word for word', () => {
  it('validation', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      wellnessBlockLabel: 'Please add a label.',
      wellnessBlockDays: 'Please pick one or multiple days.',
      wellnessBlockTime: 'Please pick a valid start and end time.',
      wellnessBlockOverlap: "Please pick a time range that doesn't overlap with an existing Wellness block.",
      unsubscribeEmail: "Hmm. That email doesn't look right",
    });
    expect(INVALID_EMAIL_DIALOG).toEqual({
      title: 'Invalid email',
      message: 'Please enter a valid email and try again.',
    });
    expect(INVALID_DOMAIN_DIALOG).toEqual({
      title: 'Invalid email domain',
      message: 'Please enter a valid email domain and try again.',
    });
  });
});

describe("a person's colour", () => {
  it('depends on the address alone (never on a rank), whatever its case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const color = personColor(email);
        expect(LEADERBOARD_COLORS).toContain(color);
        expect(personColor(email.toUpperCase())).toBe(color);
        expect(personColor(` ${email} `)).toBe(color);
      }),
    );
  });

  it('spreads people over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => personColor(`person${i}@example.com`)));
    expect(used.size).toBe(LEADERBOARD_COLORS.length);
  });
});
