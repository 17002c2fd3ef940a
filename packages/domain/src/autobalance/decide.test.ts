import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NonComplianceAction } from '../constants/actions';
import type { MeetingInput } from '../evaluation/types';
import { type ActionSettings, DEFAULT_ACTION_SETTINGS } from '../settings/settings';
import { HOUR, MIN, meeting, occurrence, other, T0 } from '../testing/factories';
import { evaluateCompliance, groupTriggers } from './compliance';
import {
  type AutoBalanceInput,
  canTakeAction,
  complianceDeadlineAt,
  decideAutoBalance,
  isActionQueued,
  isOrganizerDomainAllowed,
  isVip,
  takeActionRefusal,
} from './decide';

const user = { email: 'me@acme.com' };
const now = T0 - 48 * HOUR;
const actionSettings = (s: Partial<ActionSettings> = {}): ActionSettings => ({
  ...DEFAULT_ACTION_SETTINGS,
  ...s,
});
/** A meeting that fails the default action settings (no agenda). */
const bad = (overrides: Partial<MeetingInput> = {}) => meeting({ agendaItems: [], ...overrides });
const input = (overrides: Partial<AutoBalanceInput> = {}): AutoBalanceInput => ({
  meeting: bad(),
  user,
  actionSettings: actionSettings(),
  now,
  ...overrides,
});

describe('groupTriggers', () => {
  it.each([
    ['any', [], false],
    ['any', ['pass', 'maybe'], false],
    ['any', ['pass', 'fail'], true],
    ['all', ['fail', 'fail'], true],
    ['all', ['fail', 'pass'], false],
    ['all', ['fail', 'maybe'], false],
    ['all', [], false],
  ] as const)('%s of %j → %s', (mode, outcomes, expected) =>
    expect(groupTriggers(mode, outcomes)).toBe(expected),
  );
});

describe('evaluateCompliance (SCORING §6)', () => {
  it('uses the action settings values, not the evaluation ones', () => {
    // 70 minutes: fails the evaluation default (60) but not the action default (90).
    const result = evaluateCompliance(meeting({ endsAt: T0 + 70 * MIN }), { settings: actionSettings() });
    expect(result.compliant).toBe(true);
    expect(result.outcomes.desired_duration).toBe('pass');
    // Objectives are not required by the default action settings.
    expect(result.outcomes.required_objectives).toBeUndefined();
  });

  it('any: one failure triggers its group', () => {
    const result = evaluateCompliance(bad(), { settings: actionSettings() });
    expect(result).toMatchObject({
      compliant: false,
      triggeredGroups: ['content'],
      failedRules: ['required_agenda'],
    });
    expect(result.violations).toEqual({ required_agenda: 'No agenda' });
  });

  it('all: every enabled rule of the group must fail', () => {
    const settings = actionSettings({ take_action_time: 'all' });
    const conflicting = { settings, blockOccurrences: [occurrence()], otherMeetings: [other()] };
    // Conflicts fail, duration and last-minute pass → time does not trigger.
    expect(evaluateCompliance(meeting(), conflicting).compliant).toBe(true);
    const allFail = meeting({ endsAt: T0 + 2 * HOUR, invitedAt: T0 - HOUR });
    const result = evaluateCompliance(allFail, conflicting);
    expect(result.triggeredGroups).toEqual(['time']);
    expect(result.failedRules).toEqual([
      'focus_block_conflict',
      'meeting_conflict',
      'last_minute_schedule',
      'desired_duration',
    ]);
  });

  it('attendees group', () => {
    const result = evaluateCompliance(meeting({ attendeesCount: 13 }), { settings: actionSettings() });
    expect(result.triggeredGroups).toEqual(['attendees']);
    expect(result.violations.max_attendees).toBe('Has 13 attendees (more than 12)');
  });
});

describe('decideAutoBalance: eligibility', () => {
  it.each<[string, Partial<AutoBalanceInput>, string]>([
    ['past', { now: T0 + MIN }, 'past'],
    ['starting now', { now: T0 }, 'past'],
    ['optional attendee', { meeting: bad({ userOptional: true }) }, 'optional'],
    ['accepted', { meeting: bad({ responseStatus: 'accepted' }) }, 'answered'],
    ['tentative', { meeting: bad({ responseStatus: 'tentative' }) }, 'answered'],
    ['declined', { meeting: bad({ responseStatus: 'declined' }) }, 'answered'],
    ['the user organizes it', { meeting: bad({ organizerEmail: 'ME@acme.com' }) }, 'organizer_is_user'],
    ['VIP of the user', { user: { ...user, organizerDenylist: ['Boss@Acme.com'] } }, 'vip'],
    ['VIP of the company', { company: { organizerDenylist: ['boss@acme.com'] } }, 'vip'],
    [
      'domain not in the user list',
      { user: { ...user, domainsAllowlist: ['other.com'] } },
      'domain_not_allowed',
    ],
    [
      'domain not in the company list',
      { company: { domainsAllowlist: ['other.com'] } },
      'domain_not_allowed',
    ],
    ['not scored', { meeting: bad({ attendeesCount: 1 }) }, 'not_scored'],
    ['compliant', { meeting: meeting() }, 'compliant'],
    ['do nothing', { actionSettings: actionSettings({ non_compliance_action: 'do_nothing' }) }, 'do_nothing'],
    [
      'conflicts only, no conflict',
      { actionSettings: actionSettings({ non_compliance_action: 'decline_conflicts' }) },
      'no_conflict_violation',
    ],
  ])('%s → %s', (_name, overrides, reason) => {
    const decision = decideAutoBalance(input(overrides));
    expect(decision.act).toBe(false);
    expect(decision.skipReason).toBe(reason);
    expect(decision.reminderKind).toBeNull();
    expect(decision.declineAt).toBeNull();
  });

  it.each<[string, Partial<AutoBalanceInput>]>([
    ['unanswered (needsAction)', {}],
    ['no answer recorded', { meeting: bad({ responseStatus: null }) }],
    ['domain in the user list', { user: { ...user, domainsAllowlist: ['acme.com'] } }],
    [
      'subdomain in the company list',
      { meeting: bad({ organizerEmail: 'boss@eu.acme.com' }), company: { domainsAllowlist: ['acme.com'] } },
    ],
    [
      'domain in the company list while the user list has another',
      { user: { ...user, domainsAllowlist: ['x.com'] }, company: { domainsAllowlist: ['acme.com'] } },
    ],
  ])('acts: %s', (_name, overrides) => {
    expect(decideAutoBalance(input(overrides)).act).toBe(true);
  });

  it('records compliance even when not eligible', () => {
    expect(decideAutoBalance(input({ meeting: bad({ responseStatus: 'accepted' }) })).compliant).toBe(false);
    expect(decideAutoBalance(input({ meeting: meeting({ responseStatus: 'accepted' }) })).compliant).toBe(
      true,
    );
    expect(decideAutoBalance(input({ meeting: bad({ allDay: true }) })).compliant).toBeNull();
  });
});

describe('decideAutoBalance: actions', () => {
  const conflicting = (action: NonComplianceAction, extra: Partial<AutoBalanceInput> = {}) =>
    decideAutoBalance(
      input({
        actionSettings: actionSettings({ non_compliance_action: action }),
        blockOccurrences: [occurrence()],
        ...extra,
      }),
    );

  it.each<[NonComplianceAction, string | null, boolean, string[]]>([
    ['remind', 'reminder', false, ['focus_block_conflict', 'required_agenda']],
    ['remind_conflicts', 'reminder', false, ['focus_block_conflict']],
    ['decline', 'decline_warning', true, ['focus_block_conflict', 'required_agenda']],
    ['decline_conflicts', 'decline_warning', true, ['focus_block_conflict']],
  ])('%s → %s', (action, kind, declines, rules) => {
    const decision = conflicting(action);
    expect(decision.act).toBe(true);
    expect(decision.reminderKind).toBe(kind);
    expect(decision.failedRules).toEqual(rules);
    expect(Object.keys(decision.violations)).toEqual(rules);
    expect(decision.violations.focus_block_conflict).toBe('Conflicts with your Wellness block "Deep work"');
    // 12 hours before the start.
    expect(decision.complianceDeadline?.getTime()).toBe(T0 - 12 * HOUR);
    expect(decision.declineAt?.getTime() ?? null).toBe(declines ? T0 - 12 * HOUR : null);
  });

  it('declines at once when the deadline has passed', () => {
    const decision = conflicting('decline', { now: T0 - HOUR });
    expect(decision.declineAt?.getTime()).toBe(T0 - HOUR);
  });

  it.each([
    ['pre_and_post', true, true],
    ['pre_action', true, false],
    ['post_action', false, true],
    ['no_email', false, false],
  ] as const)('reminder email %s → before %s, after %s', (pref, before, after) => {
    const decision = decideAutoBalance(input({ actionSettings: actionSettings({ reminder_email: pref }) }));
    expect([decision.notifyUserBefore, decision.notifyUserAfter]).toEqual([before, after]);
  });
});

describe('deadlines and the take-action panel', () => {
  it('complianceDeadlineAt', () => {
    expect(complianceDeadlineAt(T0, 12).getTime()).toBe(T0 - 12 * HOUR);
    expect(complianceDeadlineAt(T0, 12, T0 - 24 * HOUR).getTime()).toBe(T0 - 12 * HOUR);
    expect(complianceDeadlineAt(T0, 12, T0 - 2 * HOUR).getTime()).toBe(T0 - 2 * HOUR);
    expect(complianceDeadlineAt(new Date(T0).toISOString(), 6).getTime()).toBe(T0 - 6 * HOUR);
    expect(isActionQueued(T0 - HOUR, T0)).toBe(true);
    expect(isActionQueued(T0 + HOUR, T0)).toBe(false);
  });

  type Panel = { startsAt: number; score: number | null; detailsNegative: string[]; organizerEmail: string };
  const panel: Panel = {
    startsAt: T0,
    score: 40,
    detailsNegative: ['No agenda'],
    organizerEmail: 'boss@acme.com',
  };
  it.each<[string, Partial<Panel>, object, boolean]>([
    ['future, scored, negative details, other organizer', {}, {}, true],
    ['past', {}, { now: T0 + MIN }, false],
    ['no score', { score: null }, {}, false],
    ['no negative details', { detailsNegative: [] }, {}, false],
    ['the user organizes it', { organizerEmail: 'me@acme.com' }, {}, false],
    ['domain not allowed', {}, { company: { domainsAllowlist: ['x.com'] } }, false],
    ['domain allowed', {}, { user: { ...user, domainsAllowlist: ['ACME.com'] } }, true],
    ['a VIP still shows the panel', {}, { user: { ...user, organizerDenylist: ['boss@acme.com'] } }, true],
  ])('%s → %s', (_name, m, extra, expected) => {
    expect(canTakeAction({ meeting: { ...panel, ...m }, user, now, ...extra })).toBe(expected);
  });

  it('VIP and domain helpers', () => {
    expect(isVip(null, user)).toBe(false);
    expect(isOrganizerDomainAllowed(null, user)).toBe(true);
    expect(isOrganizerDomainAllowed(null, { ...user, domainsAllowlist: ['acme.com'] })).toBe(false);
    expect(isOrganizerDomainAllowed('a@notacme.com', { ...user, domainsAllowlist: ['acme.com'] })).toBe(
      false,
    );
    expect(isOrganizerDomainAllowed('a@acme.com', { ...user, domainsAllowlist: ['', ' '] })).toBe(true);
  });
});

describe('takeActionRefusal', () => {
  const user = { email: 'me@acme.com', domainsAllowlist: [] as string[], organizerDenylist: [] as string[] };
  const base = {
    meeting: {
      startsAt: 10_000,
      score: 40,
      detailsNegative: ['No agenda'],
      organizerEmail: 'boss@partner.com',
    },
    user,
    company: null,
    now: 0,
  };
  it('holds exactly when canTakeAction holds, and names the reason otherwise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        fc.boolean(),
        fc.constantFrom('boss@partner.com', 'me@acme.com', null),
        fc.constantFrom([], ['partner.com'], ['other.com']),
        (startsAt, score, negative, organizerEmail, domainsAllowlist) => {
          const input = {
            meeting: { startsAt, score, detailsNegative: negative ? ['No agenda'] : [], organizerEmail },
            user: { ...user, domainsAllowlist },
            company: null,
            now: 0,
          };
          const refusal = takeActionRefusal(input);
          expect(refusal === null).toBe(canTakeAction(input));
        },
      ),
    );
  });
  it.each([
    [{ meeting: { ...base.meeting, startsAt: -1 } }, 'This meeting has already started.'],
    [
      { meeting: { ...base.meeting, detailsNegative: [] } },
      'This meeting meets your standards: there is nothing to ask of its organizer.',
    ],
    [{ meeting: { ...base.meeting, organizerEmail: 'ME@acme.com' } }, 'You organize this meeting.'],
    [
      { user: { ...user, domainsAllowlist: ['acme.com'] } },
      "The organizer's domain (partner.com) is not in your allowed domains.",
    ],
  ])('%j → %s', (change, expected) => expect(takeActionRefusal({ ...base, ...change })).toBe(expected));
});
