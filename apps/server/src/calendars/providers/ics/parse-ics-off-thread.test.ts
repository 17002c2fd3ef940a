import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../types';
import { parseIcs } from './parse-ics';
import { OFF_THREAD_FROM_BYTES, parseIcsOffThread } from './parse-ics-off-thread';

const window = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-07-01T00:00:00Z') };
const options = { window, ownerEmail: 'me@example.com', defaultTimeZone: 'Europe/Berlin' };

/** A large file: thousands of events and weekly series with zones, attendees and descriptions. */
function bigCalendar(events: number): Uint8Array {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//MeetWell test//EN'];
  for (let i = 0; i < events; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 6) + 1).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${i}@example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=Europe/Berlin:2026${month}${day}T${String(8 + (i % 9)).padStart(2, '0')}0000`,
      'DURATION:PT45M',
      ...(i % 50 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      `SUMMARY:Meeting ${i} – café ☕`,
      `DESCRIPTION:Agenda:\\n- item one\\n- item two\\nObjectives:\\n- decide ${i}`,
      'ORGANIZER:mailto:boss@example.com',
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.com',
      'ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.com',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return new TextEncoder().encode(lines.join('\r\n'));
}

describe('parseIcsOffThread', () => {
  it('answers exactly what parseIcs answers, for small files on the spot and large ones on a thread', async () => {
    const small = bigCalendar(20);
    expect(small.byteLength).toBeLessThan(OFF_THREAD_FROM_BYTES);
    expect(await parseIcsOffThread(small, options)).toEqual(parseIcs(small, options));

    const large = bigCalendar(3_000);
    expect(large.byteLength).toBeGreaterThan(OFF_THREAD_FROM_BYTES);
    const offThread = await parseIcsOffThread(large, options);
    expect(offThread.events.length).toBeGreaterThan(3_000);
    expect(offThread).toEqual(parseIcs(large, options));
    expect(offThread.events[0]!.startsAt).toBeInstanceOf(Date);
  });

  it('leaves the main thread free while a large file is parsed', async () => {
    const large = bigCalendar(12_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await parseIcsOffThread(large, options);
    } finally {
      clearInterval(timer);
    }
    // Parsed on this thread the timer could not fire at all until the end; here it keeps running.
    expect(ticks).toBeGreaterThan(5);
  });
});

describe('parseIcsOffThread hands events over as they are read', () => {
  it('gives every event once, in slices, as the same objects the answer holds', async () => {
    const large = bigCalendar(6_000);
    const slices: CalendarEvent[][] = [];
    const parsed = await parseIcsOffThread(large, options, (events) => slices.push(events));
    expect(slices.length).toBeGreaterThan(5);
    const handed = slices.flat();
    expect(handed).toHaveLength(parsed.events.length);
    for (const [i, event] of handed.entries()) expect(event).toBe(parsed.events[i]);
    expect(parsed).toEqual(parseIcs(large, options));
  });

  it('hands slices over while the rest of the file is still parsed, not all at its end', async () => {
    const large = bigCalendar(12_000);
    await parseIcsOffThread(bigCalendar(3_000), options); // the thread's code is ready
    const started = performance.now();
    const arrivals: number[] = [];
    await parseIcsOffThread(large, options, () => arrivals.push(performance.now()));
    const whole = performance.now() - started;
    // The events come as their series are read (the last third or so of a parse, after the file's lines and
    // components): sent only once the parse had ended, they would all arrive within a few milliseconds.
    expect(arrivals.length).toBeGreaterThan(10);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(whole * 0.15);
  });

  it('hands a small file over whole, parsed on the spot', async () => {
    const small = bigCalendar(20);
    const slices: CalendarEvent[][] = [];
    const parsed = await parseIcsOffThread(small, options, (events) => slices.push(events));
    expect(slices).toEqual([parsed.events]);
  });
});

describe('parseIcsOffThread when the caller fails on a slice', () => {
  it('rejects with that failure and stops the thread, which may be waiting for room to send', async () => {
    const { Worker } = await import('node:worker_threads');
    const exits: Promise<number>[] = [];
    const original = Worker.prototype.terminate;
    Worker.prototype.terminate = function (this: InstanceType<typeof Worker>) {
      exits.push(new Promise((resolve) => this.once('exit', resolve)));
      return original.call(this);
    };
    try {
      const failure = await parseIcsOffThread(bigCalendar(12_000), options, () => {
        throw new Error('the caller broke');
      }).catch((error: Error) => error.message);
      expect(failure).toBe('the caller broke');
      expect(exits).toHaveLength(1);
      // A thread blocked in Atomics.wait still ends (a thread left waiting would keep the process alive).
      expect(await exits[0]).toBe(1);
    } finally {
      Worker.prototype.terminate = original;
    }
  });
});
