/**
 * The thread that parses large ICS files (see parse-ics-off-thread.ts): one file in, its parse out. Events go
 * back in slices, each when the main thread asks for it: messages that arrive together are all copied in one
 * task, so sending everything at once would bring back the long pause this thread exists to avoid.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ParseIcsOptions, parseIcs } from './parse-ics';

const EVENTS_PER_MESSAGE = 1_000;

const { input, options } = workerData as { input: Uint8Array; options: ParseIcsOptions };
const { events, ...rest } = parseIcs(input, options);
let next = 0;
function sendNextSlice() {
  if (next < events.length) {
    parentPort?.postMessage({ kind: 'events', events: events.slice(next, next + EVENTS_PER_MESSAGE) });
    next += EVENTS_PER_MESSAGE;
  } else {
    parentPort?.postMessage({ kind: 'done', ...rest });
  }
}
parentPort?.on('message', sendNextSlice);
sendNextSlice();
