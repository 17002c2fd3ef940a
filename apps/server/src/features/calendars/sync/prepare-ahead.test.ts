import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../calendars/types';
import { TURN_BUDGET_MS } from '../../../lib/next-turn';
import { meetingRow, type PreparedEvent } from './meeting-row';
import { prepareAhead } from './prepare-ahead';

const NOW = new Date('2031-03-03T08:00:00Z');
const TARGET = {
  calendarId: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  companyId: null,
  ownerEmail: 'me@acme.example',
};

const eventNumber = (i: number): CalendarEvent => ({
  providerEventId: `e${i}`,
  status: 'confirmed',
  summary: `Meeting ${i}`,
  description: i % 2 ? 'Agenda:\n- Review (15 min)\nObjectives:\n- Decide' : '',
  startsAt: new Date(Date.UTC(2031, 2, 4, 9) + i * 3_600_000),
  endsAt: new Date(Date.UTC(2031, 2, 4, 10) + i * 3_600_000),
  allDay: false,
  organizer: { email: 'lead@acme.example' },
  attendees: [
    { email: 'lead@acme.example', optional: false, organizer: true, self: false, responseStatus: 'accepted' },
    { email: 'me@acme.example', optional: false, organizer: false, self: true, responseStatus: 'accepted' },
  ],
  canEdit: false,
});

/** The real preparation, counted; with `takingMs`, it holds the thread that long for each event. */
function countedPreparation(takingMs = 0) {
  const prepared: CalendarEvent[] = [];
  const prepare = (event: CalendarEvent): PreparedEvent => {
    const until = performance.now() + takingMs;
    while (performance.now() < until) {
      // a slow machine's description
    }
    prepared.push(event);
    return { event, ...meetingRow(TARGET, event, NOW) };
  };
  return { prepared, prepare };
}

/** What describing an event gives, but the new id each description makes. */
const described = (event: CalendarEvent) => {
  const { row, ...rest } = meetingRow(TARGET, event, NOW);
  return { event, ...rest, row: { ...row, id: expect.any(String) } };
};

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
async function turns(n: number) {
  for (let i = 0; i < n; i++) await turn();
}

describe('events prepared while the rest are read', () => {
  it('are described before they are taken, each once, exactly as on the spot', async () => {
    const { prepared, prepare } = countedPreparation();
    const ahead = prepareAhead(TARGET, NOW, prepare);
    const events = Array.from({ length: 600 }, (_, i) => eventNumber(i));
    ahead.add(events.slice(0, 300));
    ahead.add(events.slice(300));
    await turns(10);
    expect(prepared).toHaveLength(600);
    for (const event of events) expect(ahead.take(event)).toEqual(described(event));
    expect(prepared).toHaveLength(600);
    // An event never handed over is described when it is taken.
    const late = eventNumber(600);
    expect(ahead.take(late)).toEqual(described(late));
    expect(prepared).toHaveLength(601);
  });

  it('are described a slice of time at a time, with turns of the event loop between, however slow', async () => {
    // A millisecond an event: a slice holds about TURN_BUDGET_MS of them, whatever the machine.
    const { prepared, prepare } = countedPreparation(1);
    const ahead = prepareAhead(TARGET, NOW, prepare);
    ahead.add(Array.from({ length: 100 }, (_, i) => eventNumber(i)));
    expect(prepared).toHaveLength(0);
    const seen: number[] = [];
    while (prepared.length < 100) {
      await turn();
      seen.push(prepared.length);
    }
    expect(seen.length).toBeGreaterThanOrEqual(100 / (TURN_BUDGET_MS + 1));
    for (const [i, count] of seen.entries())
      expect(count - (seen[i - 1] ?? 0)).toBeLessThanOrEqual(TURN_BUDGET_MS + 1);
  });

  it('stop being described ahead once storing takes them: the rest are described as taken', async () => {
    const { prepared, prepare } = countedPreparation(1);
    const ahead = prepareAhead(TARGET, NOW, prepare);
    const events = Array.from({ length: 100 }, (_, i) => eventNumber(i));
    ahead.add(events);
    await turn();
    const early = prepared.length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(100);
    ahead.take(events[0]!);
    ahead.add([eventNumber(100)]);
    await turns(10);
    expect(prepared).toHaveLength(early);
    for (const event of events) ahead.take(event);
    expect(new Set(prepared).size).toBe(100);
  });
});
