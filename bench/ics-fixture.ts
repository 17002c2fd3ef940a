/** The benches' calendar: a person's ICS export of `total` events around 2026-11-20, recurring series included. */
export const OWNER = 'bench@acme.example';

export function icsOf(total: number, owner = OWNER): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', 'X-WR-TIMEZONE:Europe/Paris'];
  // 40 weekly series of ~27 occurrences each in the window (~1,080 events), the rest single events.
  const series = 40;
  for (let s = 0; s < series; s++) {
    const day = ['MO', 'TU', 'WE', 'TH', 'FR'][s % 5];
    lines.push(
      'BEGIN:VEVENT',
      `UID:series-${s}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=Europe/Paris:20260801T${String(8 + (s % 9)).padStart(2, '0')}0000`,
      `DTEND;TZID=Europe/Paris:20260801T${String(8 + (s % 9)).padStart(2, '0')}3000`,
      `RRULE:FREQ=WEEKLY;BYDAY=${day}`,
      `SUMMARY:Weekly sync ${s}`,
      'DESCRIPTION:Agenda:\\n- Status (10 min)\\n- Risks (10 min)\\n\\nObjectives:\\n- Unblock the team',
      `ORGANIZER:mailto:lead${s}@acme.example`,
      `ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead${s}@acme.example`,
      `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${owner}`,
      'END:VEVENT',
    );
  }
  const singles = total - series * 27;
  const start = Date.parse('2026-08-22T00:00:00Z');
  for (let i = 0; i < singles; i++) {
    const day = i % 180;
    const hour = 7 + (i % 11);
    const minute = (i * 7) % 4 === 0 ? '00' : '30';
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:single-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${date}T${String(hour).padStart(2, '0')}${minute}00Z`,
      `DTEND:${date}T${String(hour + 1).padStart(2, '0')}${minute}00Z`,
      `SUMMARY:Meeting ${i}`,
      i % 3 === 0
        ? 'DESCRIPTION:<p>Agenda:</p><ul><li>Review (15 min)</li><li>Decide</li></ul>'
        : 'DESCRIPTION:Quick chat',
      `ORGANIZER:mailto:person${i % 97}@acme.example`,
      `ATTENDEE;PARTSTAT=ACCEPTED:mailto:person${i % 97}@acme.example`,
      `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${owner}`,
      `ATTENDEE;PARTSTAT=ACCEPTED:mailto:guest${i % 13}@acme.example`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}
