// Test data for the meeting, plan and present tests (not imported by the app).
import { DEFAULT_ACTION_SETTINGS, DEFAULT_EVALUATION_SETTINGS } from '@meetwell/domain';
import type { AgendaItem, Meeting } from './types';

export function agendaItem(overrides: Partial<AgendaItem> = {}): AgendaItem {
  return {
    id: 'a1',
    meeting_id: 'm1',
    description: 'Screens recap',
    duration_in_mins: 10,
    position: 0,
    status: 'active',
    source: 'app',
    owner_name: null,
    owner_id: null,
    time_spent_in_secs: null,
    started_at: null,
    ended_at: null,
    ...overrides,
  };
}

/** A low-scoring meeting organized by someone else, two days ahead. */
export function meetingFixture(overrides: Partial<Meeting> = {}): Meeting {
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  return {
    id: 'm1',
    summary: 'Roadmap brainstorm',
    description: 'Bring ideas.',
    location: 'Room 4',
    conference_url: null,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
    all_day: false,
    recurring_meeting: false,
    status: 'confirmed',
    score: 57,
    quality_label: 'low',
    letter_grade: 'F',
    not_scored_reason: null,
    results: {
      required_agenda: { score: 0, weight: 20, points: 0, letter_grade: 'F' },
      meeting_conflict: { score: 100, weight: 15, points: 15, letter_grade: 'A+' },
    },
    details_positive: ['No conflicts with your other meetings.'],
    details_negative: ['There is no agenda.'],
    details_maybe: [],
    attendees: [
      {
        email: 'sam@northwind.example',
        name: 'Sam Lee',
        role: 'organizer',
        optional: false,
        status: 'accepted',
        self: false,
      },
      {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        role: 'attendee',
        optional: false,
        status: 'needsAction',
        self: true,
      },
    ],
    attendees_count: 2,
    organizer_email: { email: 'sam@northwind.example', domain: 'northwind.example', name: 'Sam Lee' },
    response_status: 'needsAction',
    user_optional: false,
    cost: 77,
    duration: 3600,
    intention: 'brainstorming',
    category: null,
    skip_evaluation: false,
    wellness_blockable: false,
    wellness_block_id: null,
    wellness_block_category: null,
    maybe_wellness_block: null,
    maybe_wellness_block_category: null,
    event_report_card_id: null,
    non_compliance_action: null,
    action_status: null,
    compliant: false,
    compliance_deadline: null,
    edit_permission: true,
    metadata_importable: true,
    calendar_id: 'c1',
    agenda_items: [],
    objectives: [],
    prework_items: [],
    ...overrides,
  };
}

export function meetingResource(meeting: Meeting) {
  const { id, ...attributes } = meeting;
  return { id, type: 'meetings', attributes };
}

/** What an agenda item change answers: the item, and the meeting re-scored after it (meta.meeting). */
export function agendaItemChange(item: AgendaItem, meeting: Meeting = meetingFixture()) {
  const { id, ...attributes } = item;
  return { data: { id, type: 'agenda_items', attributes }, meta: { meeting: meetingResource(meeting) } };
}

/** GET /meetings of a period as the contract has it (the period in meta is not read by the app). */
export function weekDocument(meetings: readonly Meeting[] = []) {
  return {
    data: meetings.map(meetingResource),
    meta: { starts_at: '2030-01-06T00:00:00.000Z', ends_at: '2030-01-13T00:00:00.000Z' },
  };
}

/** GET /users/settings: the default settings, the evaluation's changed as given. */
export function settingsDocument(evaluation: Record<string, unknown> = {}) {
  return {
    data: {
      id: '7',
      type: 'user_settings',
      attributes: {
        action_settings: {
          ...DEFAULT_ACTION_SETTINGS,
          non_compliance_action: 'decline',
          compliance_deadline: 12,
        },
        evaluation_settings: {
          ...DEFAULT_EVALUATION_SETTINGS,
          required_agenda: true,
          required_objectives: true,
          required_prework: false,
          ...evaluation,
        },
        default_action_settings: DEFAULT_ACTION_SETTINGS,
        default_evaluation_settings: DEFAULT_EVALUATION_SETTINGS,
        can_edit_evaluation_settings: false,
      },
    },
  };
}
