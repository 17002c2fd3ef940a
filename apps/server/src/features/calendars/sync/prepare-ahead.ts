import type { CalendarEvent } from '../../../calendars/types';
import { TURN_BUDGET_MS } from '../../../lib/next-turn';
import { meetingRow, type PreparedEvent, type StoreTarget } from './meeting-row';

/**
 * Events made ready to store while the rest of their calendar is still read: a large file's parser hands its
 * events over slice by slice (the driver's `onEvents`), and describing them (items, intention, attendees, the
 * row) takes this thread about a second per 50,000, which it would otherwise spend after the parse, idle
 * meanwhile. They are described a slice (TURN_BUDGET_MS) at a time, with turns of the event loop between, so
 * requests are served meanwhile. Storing takes each event's preparation from here, by the event itself; from
 * its first take on, what was not described yet is described as it is taken.
 */
export type PreparedAhead = {
  /** Describes these events soon (as the provider hands them over). */
  add(events: readonly CalendarEvent[]): void;
  /** The event ready to store: prepared ahead, or now. */
  take(event: CalendarEvent): PreparedEvent;
};

export function prepareAhead(
  target: StoreTarget,
  now: Date,
  prepare = (event: CalendarEvent): PreparedEvent => ({ event, ...meetingRow(target, event, now) }),
): PreparedAhead {
  const ready = new Map<CalendarEvent, PreparedEvent>();
  const waiting: CalendarEvent[] = [];
  let next = 0;
  let scheduled = false;
  let taking = false;
  const describeSome = () => {
    scheduled = false;
    if (taking) return;
    const sliceEnds = performance.now() + TURN_BUDGET_MS;
    while (next < waiting.length && performance.now() < sliceEnds) {
      const event = waiting[next++]!;
      ready.set(event, prepare(event));
    }
    if (next < waiting.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(describeSome);
  };
  return {
    add(events) {
      if (taking) return;
      for (const event of events) waiting.push(event);
      schedule();
    },
    take(event) {
      if (!taking) {
        taking = true;
        waiting.length = 0;
      }
      const prepared = ready.get(event);
      if (!prepared) return prepare(event);
      ready.delete(event);
      return prepared;
    },
  };
}
