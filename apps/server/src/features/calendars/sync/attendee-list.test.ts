import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarAttendee } from '../../../calendars/types';
import { ATTENDEES_KEPT, attendeeList, byOrganizerThenEmail, withOwnResponse } from './attendee-list';

const guest = (email: string, more: Partial<CalendarAttendee> = {}): CalendarAttendee => ({
  email,
  optional: false,
  organizer: false,
  self: false,
  responseStatus: 'needsAction',
  ...more,
});

describe('attendeeList', () => {
  it('lists each address once, lower-cased, the organizer first, the owner as self', () => {
    const list = attendeeList(
      {
        attendees: [
          guest('Zed@Acme.example', { responseStatus: 'declined' }),
          guest('ada@acme.example', { optional: true, role: 'req-participant' }),
          guest('zed@acme.example'),
          guest('lead@acme.example', { organizer: true, name: 'Lead', responseStatus: 'accepted' }),
        ],
      },
      'ADA@acme.example',
    );
    expect(list).toEqual([
      {
        email: 'lead@acme.example',
        name: 'Lead',
        role: 'organizer',
        optional: false,
        status: 'accepted',
        self: false,
      },
      {
        email: 'ada@acme.example',
        name: null,
        role: 'req-participant',
        optional: true,
        status: 'needsAction',
        self: true,
      },
      {
        email: 'zed@acme.example',
        name: null,
        role: 'attendee',
        optional: false,
        status: 'declined',
        self: false,
      },
    ]);
  });

  it('holds for any list: one entry per address, organizers before the others, each part in address order', () => {
    const email = fc.constantFrom('a@x.example', 'B@x.example', 'b@x.example', 'c@y.example', 'me@x.example');
    const attendee = fc.record({
      email,
      optional: fc.boolean(),
      organizer: fc.boolean(),
      self: fc.boolean(),
      responseStatus: fc.constantFrom('accepted', 'declined', 'tentative', 'needsAction'),
    }) as fc.Arbitrary<CalendarAttendee>;
    fc.assert(
      fc.property(fc.array(attendee, { maxLength: 12 }), (attendees) => {
        const list = attendeeList({ attendees }, 'me@x.example');
        const emails = list.map((a) => a.email);
        expect(new Set(emails).size).toBe(emails.length);
        expect(new Set(emails)).toEqual(new Set(attendees.map((a) => a.email.toLowerCase())));
        const organizers = list.filter((a) => a.role === 'organizer');
        expect(list.slice(0, organizers.length)).toEqual(organizers);
        for (const part of [organizers, list.slice(organizers.length)])
          expect(part.map((a) => a.email)).toEqual(part.map((a) => a.email).sort());
        if (emails.includes('me@x.example'))
          expect(list.find((a) => a.email === 'me@x.example')!.self).toBe(true);
      }),
    );
  });
});

describe('attendeeList of a company-wide event', () => {
  it('keeps ATTENDEES_KEPT of 5,000 invitees, the organizer and the user among them, in order', () => {
    const invited = Array.from({ length: 5_000 }, (_, i) =>
      guest(`p${String(i).padStart(4, '0')}@acme.example`),
    );
    invited.push(guest('zz-ceo@acme.example', { organizer: true }), guest('zz-me@acme.example'));
    const list = attendeeList({ attendees: invited }, 'ZZ-me@acme.example');
    expect(list).toHaveLength(ATTENDEES_KEPT);
    expect(list[0]).toMatchObject({ email: 'zz-ceo@acme.example', role: 'organizer' });
    expect(list.find((a) => a.self)).toMatchObject({ email: 'zz-me@acme.example' });
    expect(list.map((a) => a.email)).toEqual([...list].sort(byOrganizerThenEmail).map((a) => a.email));
    expect(list[1]!.email).toBe('p0000@acme.example');
  });
});

describe('withOwnResponse', () => {
  const listed = attendeeList(
    { attendees: [guest('lead@acme.example', { organizer: true }), guest('zed@acme.example')] },
    'ada@acme.example',
  );

  it('adds the owner, in address order, when the provider listed no entry for them', () => {
    expect(
      withOwnResponse(listed, 'Ada@acme.example', 'declined').map((a) => [a.email, a.status, a.self]),
    ).toEqual([
      ['lead@acme.example', 'needsAction', false],
      ['ada@acme.example', 'declined', true],
      ['zed@acme.example', 'needsAction', false],
    ]);
  });

  it('changes only the own entry when there is one, and nothing else', () => {
    const once = withOwnResponse(listed, 'ada@acme.example', 'tentative');
    const twice = withOwnResponse(once, 'ada@acme.example', 'accepted');
    expect(twice).toHaveLength(3);
    expect(twice.filter((a) => a.self)).toEqual([
      expect.objectContaining({ email: 'ada@acme.example', status: 'accepted' }),
    ]);
    expect(twice.filter((a) => !a.self)).toEqual(listed);
  });
});
