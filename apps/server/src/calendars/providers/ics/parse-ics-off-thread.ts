import { Worker } from 'node:worker_threads';
import type { CalendarEvent } from '../../types';
import { type ParseIcsOptions, type ParseIcsResult, parseIcs } from './parse-ics';

/** Below this size a parse takes a few milliseconds: a thread would cost more than it saves. */
export const OFF_THREAD_FROM_BYTES = 256 * 1024;

// From the sources (tests, development) the worker is TypeScript, run through the same loader; from the
// build it is dist/parse-ics.worker.js beside main.js (scripts/build.mjs builds both).
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = new URL(
  fromSources ? './parse-ics.worker.source.mjs' : './parse-ics.worker.js',
  import.meta.url,
);

/**
 * parseIcs, on a worker thread for large inputs: a 20 MB file takes seconds of CPU, which on the main thread
 * would stall every request and socket of a process that also serves the API (the single-machine mode).
 */
export async function parseIcsOffThread(
  input: Uint8Array,
  options: ParseIcsOptions,
): Promise<ParseIcsResult> {
  if (input.byteLength < OFF_THREAD_FROM_BYTES) return parseIcs(input, options);
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: { input, options } });
    const events: CalendarEvent[] = [];
    let settled = false;
    worker.on('message', (message: ThreadMessage) => {
      if (message.kind === 'events') {
        for (const event of message.events) events.push(event);
        // The next slice once this thread has had its turn at everything else waiting.
        setImmediate(() => worker.postMessage('next'));
        return;
      }
      settled = true;
      const { kind: _kind, ...rest } = message;
      resolve({ ...rest, events });
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The ICS parser thread stopped (exit code ${code}) before answering`));
    });
  });
}

type ThreadMessage =
  | { kind: 'events'; events: CalendarEvent[] }
  | ({ kind: 'done' } & Omit<ParseIcsResult, 'events'>);
