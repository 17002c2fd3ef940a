/**
 * The thread that parses large ICS files (see parse-ics-off-thread.ts): one file in, its parse out. Events go
 * back in slices, one more each time the main thread has taken one: messages that arrive together are all
 * copied in one task, so sending everything at once would bring back the long pause this thread exists to
 * avoid. Two are under way at a time, so that this thread copies the next slice while the main thread reads
 * the one before (one at a time, each waited for the other).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ParseIcsOptions, parseIcs } from './parse-ics';

const EVENTS_PER_MESSAGE = 1_000;
const SLICES_UNDER_WAY = 2;

const { input, options } = workerData as { input: Uint8Array; options: ParseIcsOptions };
const { events, ...rest } = parseIcs(input, options);
let next = 0;
let doneSent = false;
function sendNextSlice() {
  if (next < events.length) {
    parentPort?.postMessage({ kind: 'events', events: events.slice(next, next + EVENTS_PER_MESSAGE) });
    next += EVENTS_PER_MESSAGE;
  } else if (!doneSent) {
    doneSent = true;
    parentPort?.postMessage({ kind: 'done', ...rest });
  }
}
parentPort?.on('message', sendNextSlice);
for (let i = 0; i < SLICES_UNDER_WAY; i++) sendNextSlice();
