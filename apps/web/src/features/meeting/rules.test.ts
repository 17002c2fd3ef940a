import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../session/types';
import { createTestQueryClient, testUser } from '../../test/utils';
import { applyMeetingRefresh, meetingKeys, storeMeeting } from './cache';
import { descriptionText, shouldCollapseDescription } from './description';
import { currentManualAction, showsTakeAction } from './TakeActionPanel';
import { agendaItem, meetingFixture } from './testing';
import type { Meeting } from './types';

const NOW = new Date('2030-01-07T12:00:00Z');
const future = { starts_at: '2030-01-08T15:00:00Z', ends_at: '2030-01-08T16:00:00Z' };

describe('take-action panel conditions (docs/spec/personal-app.md §4)', () => {
  const company = testUser().company!;
  it.each([
    ['a future scored meeting with negative details from another organizer', {}, {}, true],
    ['a meeting that already started', { starts_at: '2030-01-07T11:00:00Z' }, {}, false],
    ['a meeting without a score', { score: null }, {}, false],
    ['a meeting without negative details', { details_negative: [] }, {}, false],
    [
      'a meeting the user organizes (any case)',
      { organizer_email: { email: 'ADA@example.com', domain: 'example.com', name: null } },
      {},
      false,
    ],
    ['an organizer in the user allowlist', {}, { domains_allowlist: ['northwind.example'] }, true],
    ['an organizer outside the user allowlist', {}, { domains_allowlist: ['other.example'] }, false],
    [
      'an organizer in the company allowlist',
      {},
      { company: { ...company, domains_allowlist: ['northwind.example'] } },
      true,
    ],
    [
      'an organizer outside the company allowlist',
      {},
      { company: { ...company, domains_allowlist: ['other.example'] } },
      false,
    ],
  ] as [string, Partial<Meeting>, Partial<CurrentUser>, boolean][])(
    '%s → %s',
    (_label, meeting, user, expected) => {
      expect(showsTakeAction(meetingFixture({ ...future, ...meeting }), testUser(user), NOW)).toBe(expected);
    },
  );

  it('reads the conflict variants of auto actions as remind / decline', () => {
    expect(currentManualAction('remind_conflicts')).toBe('remind');
    expect(currentManualAction('decline_conflicts')).toBe('decline');
    expect(currentManualAction('do_nothing')).toBe('do_nothing');
    expect(currentManualAction(null)).toBeNull();
  });
});

describe('description collapse rule', () => {
  it('collapses over 50 characters or with agenda items', () => {
    expect(shouldCollapseDescription('x'.repeat(50), 0)).toBe(false);
    expect(shouldCollapseDescription('x'.repeat(51), 0)).toBe(true);
    expect(shouldCollapseDescription('short', 1)).toBe(true);
  });

  it('reads HTML descriptions as text', () => {
    expect(descriptionText('<p>Agenda</p><ul><li>One</li></ul>')).toContain('One');
    expect(descriptionText(null)).toBe('');
  });
});

describe('meeting cache', () => {
  it('applies item pushes from other sessions to the week and the detail, score included', () => {
    const queryClient = createTestQueryClient();
    const meeting = meetingFixture({ id: 'm1', score: 57 });
    queryClient.setQueryData(meetingKeys.week('a', 'b'), { syncing: false, meetings: [meeting] });
    queryClient.setQueryData(meetingKeys.detail('m1'), meeting);
    const item = agendaItem({ id: 'a5', description: 'Decide' });
    applyMeetingRefresh(queryClient, {
      type: 'item_created',
      item_type: 'agenda_items',
      meeting_id: 'm1',
      item: { id: 'a5', type: 'agenda_items', attributes: { ...item } },
      score: 77,
    });
    const detail = queryClient.getQueryData<typeof meeting>(meetingKeys.detail('m1'));
    expect(detail?.score).toBe(77);
    expect(detail?.quality_label).toBe('medium');
    expect(detail?.letter_grade).toBe('C+');
    expect(detail?.agenda_items?.map((i) => i.description)).toEqual(['Decide']);
    const week = queryClient.getQueryData<{ meetings: (typeof meeting)[] }>(meetingKeys.week('a', 'b'));
    expect(week?.meetings[0]?.score).toBe(77);

    applyMeetingRefresh(queryClient, {
      type: 'item_deleted',
      item_type: 'agenda_items',
      meeting_id: 'm1',
      item: { id: 'a5', type: 'agenda_items', attributes: { ...item, status: 'deleted' } },
      score: 57,
    });
    expect(queryClient.getQueryData<typeof meeting>(meetingKeys.detail('m1'))?.agenda_items).toEqual([]);
  });

  it('ignores other messages (they only refetch) and stores PATCH answers everywhere', () => {
    const queryClient = createTestQueryClient();
    const meeting = meetingFixture({ id: 'm1' });
    queryClient.setQueryData(meetingKeys.week('a', 'b'), { syncing: false, meetings: [meeting] });
    applyMeetingRefresh(queryClient, { type: 'sync_finished' });
    storeMeeting(queryClient, { ...meeting, skip_evaluation: true });
    const week = queryClient.getQueryData<{ meetings: (typeof meeting)[] }>(meetingKeys.week('a', 'b'));
    expect(week?.meetings[0]?.skip_evaluation).toBe(true);
    expect(queryClient.getQueryData<typeof meeting>(meetingKeys.detail('m1'))?.skip_evaluation).toBe(true);
  });
});
