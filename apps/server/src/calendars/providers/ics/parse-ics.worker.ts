/**
 * The thread that parses large ICS files (see parse-ics-off-thread.ts): one file in, its events out in slices
 * as they are read, so the main thread starts on them while the rest of the file is parsed, then the rest of
 * the parse. At most two slices are under way: the main thread copies every message waiting for it in one
 * task, so sending faster than it takes them would bring back the long pause this thread exists to avoid.
 * The parse is one synchronous run, which no message can interrupt: the count of slices under way is shared
 * memory (`inFlight`), which the main thread lowers as it takes each, and this thread waits on while it is full.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CalendarEvent } from '../../types';
import { type ParseIcsOptions, parseIcs } from './parse-ics';

const EVENTS_PER_SLICE = 250;
const SLICES_UNDER_WAY = 2;

const { input, options, inFlight } = workerData as {
  input: Uint8Array;
  options: ParseIcsOptions;
  inFlight: Int32Array;
};

function send(events: CalendarEvent[]) {
  for (let under = Atomics.load(inFlight, 0); under >= SLICES_UNDER_WAY; under = Atomics.load(inFlight, 0))
    Atomics.wait(inFlight, 0, under);
  Atomics.add(inFlight, 0, 1);
  parentPort?.postMessage({ kind: 'events', events });
}

const { events: _sent, ...rest } = parseIcs(input, options, { every: EVENTS_PER_SLICE, onEvents: send });
parentPort?.postMessage({ kind: 'done', ...rest });
