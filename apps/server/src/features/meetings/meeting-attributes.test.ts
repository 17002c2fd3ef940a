import { meetingAttributes } from '@meetwell/domain';
import { describe, expect, it } from 'vitest';
import type { meetings } from '../../db/schema';
import { MEETING_ATTRIBUTE_LIST, presentMeetingAttributes } from './meeting-attributes';

type MeetingRow = typeof meetings.$inferSelect;

describe('the meeting attributes table', () => {
  it("names every attribute of the contract's meeting once, and no other", () => {
    const names = MEETING_ATTRIBUTE_LIST.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(meetingAttributes.shape).sort());
  });

  it('gives every attribute a column for the SQL list', () => {
    for (const [name, attribute] of MEETING_ATTRIBUTE_LIST) {
      expect(attribute.column.trim(), name).not.toBe('');
      expect(['text', 'number', 'boolean', 'json']).toContain(attribute.kind);
    }
  });

  it('presents a row as the contract accepts it', () => {
    const start = new Date('2031-03-03T09:00:00.000Z');
    const row = {
      id: '00000000-0000-4000-8000-000000000001',
      calendarId: '00000000-0000-4000-8000-000000000002',
      summary: 'Plan',
      description: '',
      location: null,
      conferenceUrl: null,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      allDay: false,
      recurringMeeting: false,
      status: 'confirmed',
      score: null,
      qualityLabel: null,
      evaluation: null,
      attendeesCount: 0,
      attendees: [],
      organizerEmail: null,
      organizerDomain: null,
      organizerName: null,
      responseStatus: 'accepted',
      userOptional: false,
      cost: 0,
      durationSeconds: 3600,
      intention: null,
      category: null,
      skipEvaluation: false,
      maybeWellnessBlock: null,
      maybeWellnessBlockCategory: null,
      wellnessBlockId: null,
      eventReportCardId: null,
      nonComplianceAction: null,
      compliant: null,
      complianceDeadline: null,
      editPermission: true,
    } as unknown as MeetingRow;
    const attributes = presentMeetingAttributes(row, {
      action: undefined,
      blockCategory: null,
      agendaItems: [],
      objectives: [],
      preworkItems: [],
    });
    expect(Object.keys(attributes)).toEqual(MEETING_ATTRIBUTE_LIST.map(([name]) => name));
    expect(meetingAttributes.safeParse(attributes).success).toBe(true);
    expect(attributes.starts_at).toBe('2031-03-03T09:00:00.000Z');
    expect(attributes.metadata_importable).toBe(true);
  });
});
